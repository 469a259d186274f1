"""A decode worker that crashes on every picture (LINK_GALLERY_WORKER_FAULT=crash) costs those
pictures "Could not decode", never the app: every format is decoded in a worker, so every tile
says so, the window keeps answering, the originals stay cached, and the next launch with healthy
workers shows them from the cache without downloading them again."""

from harness import App, wait_for


def downloads(server, path):
    return sum(1 for entry in server.log() if entry["path"] == path)


def test_a_crashing_decoder_costs_its_pictures_and_keeps_their_originals(display, server):
    pictures = ["/img/400x300.jpg?worker-fault", "/img/360x240.png?worker-fault", "/img/300x200.gif?worker-fault",
                "/img/320x200.webp?worker-fault", "/img/340x200.bmp?worker-fault"]
    links = server.write("worker-faults.txt", "\n".join(server.url(path) for path in pictures))
    server.reset_log()
    app = App(display, links, extra_env={"LINK_GALLERY_WORKER_FAULT": "crash"})
    home = app.home
    try:
        def names():
            return {tile.name for tile in app.tiles()}
        for path in pictures:
            wait_for(lambda: f"Image {server.url(path)} (Could not decode)" in names(), 60,
                     message=f"{path} → Could not decode")
        assert app.process.poll() is None, "the app died with its decoder"
        # The window answers while its decoders crash.
        app.press("ctrl+question")
        app.window_named("Shortcuts")
        display.screenshot("worker-faults-crashing")
    finally:
        output = app.stop()
    assert "Fatal error" not in output, output
    originals = list((app.cache / "originals").glob("*.bin"))
    assert len(originals) == len(pictures), "every original stays cached"

    app = App(display, links, home=home)
    try:
        def names():
            return {tile.name for tile in app.tiles()}
        for path in pictures:
            wait_for(lambda: f"Image {server.url(path)}" in names(), 60, message=f"{path} shown by a healthy worker")
        display.screenshot("worker-faults-healthy")
    finally:
        app.stop()
    for path in pictures:
        assert downloads(server, path) == 1, f"{path} came from the cache on the second launch"


def test_the_list_is_read_in_the_sandbox_and_a_failing_reader_is_said(display, server):
    """The links file is split and classified by a decode worker, not the app: with workers that
    die on lists (LINK_GALLERY_WORKER_FAULT=crash-lists), no tile appears, the window says the
    list could not be read, and the app lives; healthy workers then show the list."""
    links = server.write("crash-lists.txt", server.url("/img/400x300.jpg") + "\nnot a link\n")
    app = App(display, links, extra_env={"LINK_GALLERY_WORKER_FAULT": "crash-lists"})
    home = app.home
    try:
        wait_for(lambda: app.find_all(contains="could not be read"), 60, message="the reader's failure, said in the window")
        assert app.process.poll() is None, "the app died with the list's reader"
        assert not app.tiles(), "no entry was read by the app itself"
        display.screenshot("worker-faults-list-reader")
    finally:
        output = app.stop()
    assert "Fatal error" not in output, output

    app = App(display, links, home=home)
    try:
        wait_for(lambda: len(app.tiles()) == 2, 60, message="the list read by a healthy worker")
    finally:
        app.stop()
