"""A picture goes to other apps the GNOME way: a tile or the viewer's picture dragged out gives
its link as text/uri-list and the picture itself."""

import queue
import subprocess
import threading
from pathlib import Path

from harness import App, wait_for
from pointer_drag import drag, move_window
from test_grid_interaction import focus_grid
from test_viewer import open_viewer, screen_centre, shown_image


class Lines:
    """The helper's output, line by line, read without ever blocking the test for good."""

    def __init__(self, stream):
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line.strip()) for line in stream], daemon=True).start()

    def next(self, what):
        return wait_for(lambda: None if self.lines.empty() else self.lines.get(), 30, message=what)


def drop_window(display):
    target = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "drop_target.py")],
                              env=display.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    output = Lines(target.stdout)
    assert output.next("the drop window") == "READY"
    return target, output, move_window(display, "^Drop Target$", 1000, 650)


def test_the_viewers_picture_dragged_up_or_down_gives_its_link_and_the_full_picture(display, server):
    urls = [server.url("/img/640x480.png"), server.url("/img/300x200.png")]
    app = App(display, server.write("share-viewer.txt", "\n".join(urls) + "\n"))
    target = None
    try:
        viewer = open_viewer(app, display, 0, image_count=2)
        canvas = shown_image(app, viewer, "640x480.png")[0]
        target, output, target_centre = drop_window(display)
        centre, _ = screen_centre(display, viewer, canvas)
        # Down first: sideways would turn the page.
        drag(display, centre, target_centre, via=(centre[0], centre[1] + 60))
        formats = output.next("the formats offered")
        assert "text/uri-list" in formats and "image/png" in formats, formats
        assert output.next("the link") == f"URIS {urls[0]}"
        assert output.next("the picture").split() == ["IMAGE", "640", "480"]
        assert "1 / 2" in viewer.name, "a drag out does not turn the page"
    finally:
        if target:
            target.terminate()
        app.stop()


def test_a_tile_dragged_to_another_app_gives_its_link_and_picture(display, server):
    url = server.url("/img/150x120.png")
    app = App(display, server.write("share-out.txt", url + "\n"))
    target = None
    try:
        tile = wait_for(lambda: [t for t in app.tiles() if t.name == f"Image {url}"], 30, message="the loaded tile")[0]
        target, output, target_centre = drop_window(display)
        centre, _ = screen_centre(display, app.window_named("Link Gallery"), tile)
        drag(display, centre, target_centre)
        formats = output.next("the formats offered")
        assert formats.startswith("FORMATS") and "text/uri-list" in formats and "image/png" in formats, formats
        assert output.next("the link") == f"URIS {url}"
        image = output.next("the picture").split()
        assert image[0] == "IMAGE" and int(image[1]) > 0 and int(image[2]) > 0, image
        # Dropped elsewhere, the gallery still shows its own list.
        assert [t.name for t in app.tiles()] == [f"Image {url}"]
    finally:
        if target:
            target.terminate()
        app.stop()


def test_open_with_hands_the_application_picked_a_copy_of_the_original(display, server):
    """Open With… (issue 35): the desktop's chooser lists the applications for the picture's
    type; the one picked (a test application whose command records its argument) opens a copy
    of the original, byte for byte what the server sent, from the viewer and from a tile."""
    import tempfile
    import urllib.request

    url = server.url("/img/640x480.png")
    home = Path(tempfile.mkdtemp(prefix="lg-open-with-"))
    received = home / "received"
    applications = home / "data" / "applications"
    applications.mkdir(parents=True)
    recorder = home / "recorder.sh"
    recorder.write_text(f"#!/bin/sh\ncp \"$1\" \"{received}\"\necho \"$1\" >> \"{received}.paths\"\n")
    recorder.chmod(0o755)
    (applications / "lg-test-recorder.desktop").write_text(
        f"[Desktop Entry]\nType=Application\nName=Picture Recorder\nTerminal=false\nExec={recorder} %f\n"
        "MimeType=image/png;image/jpeg;\n")
    # GIO finds applications by type through this index (update-desktop-database writes it).
    (applications / "mimeinfo.cache").write_text(
        "[MIME Cache]\nimage/png=lg-test-recorder.desktop;\nimage/jpeg=lg-test-recorder.desktop;\n")
    served = urllib.request.urlopen(url).read()
    app = App(display, server.write("open-with.txt", url + "\n"), home=home)
    try:
        viewer = open_viewer(app, display, 0, image_count=1)

        def pick_in_chooser():
            dialog = wait_for(lambda: [node for node in app.find_all(role="dialog") if "Open the picture with" in
                                       " ".join(child.name or "" for child in app.find_all(root=node))], 20,
                              message="the application chooser")[0]
            display.screenshot("open-with-chooser")
            # The list (a GtkTreeView, which GTK 4.8 does not expose to AT-SPI) has the type's
            # default application selected: the test application, the only one registered here.
            select = wait_for(lambda: [node for node in app.find_all(role="push button", root=dialog)
                                       if (node.name or "").endswith("Select")], 10,
                              message="the chooser's Select button")[0]
            app.do_action(select)

        app.press("ctrl+shift+o")
        pick_in_chooser()
        wait_for(lambda: received.exists() and received.read_bytes() == served, 20,
                 message="the application got the original, byte for byte")
        first_path = (home / "received.paths").read_text().split("\n")[0]
        assert "/open-with/" in first_path and first_path.endswith(".png"), first_path
        assert "1 / 1" in viewer.name, "the viewer stays"

        # From the tile menu too.
        received.unlink()
        app.press("ctrl+w")
        app.window_named("Link Gallery")
        wait_for(lambda: [t for t in app.tiles() if t.name == f"Image {url}"], 30, message="the tile")
        focus_grid(app)
        app.press("Home", "shift+F10")
        item = wait_for(lambda: [node for node in app.find_all(name="Open With…") if node.getRoleName() == "menu item"],
                        10, message="the tile menu's Open With…")[0]
        app.do_action(item)
        pick_in_chooser()
        wait_for(lambda: received.exists() and received.read_bytes() == served, 20, message="opened from the tile")
    finally:
        app.stop()


def test_selected_tiles_dragged_out_together_give_every_link(display, server):
    """A drag from a selected tile takes the whole selection (issue 34): every link, in the order
    shown, and no single picture standing for them all."""
    from test_selection import click_tile

    urls = [server.url(f"/img/{150 + i}x120.png") for i in range(4)]
    app = App(display, server.write("share-many.txt", "\n".join(urls) + "\n"))
    target = None
    try:
        tiles = wait_for(lambda: (lambda ts: ts if len(ts) == 4 and all(t.name in {f"Image {u}" for u in urls} for t in ts)
                                  else None)(app.tiles()), 30, message="the loaded tiles")
        grid = app.window_named("Link Gallery")
        click_tile(app, display, tiles[1], "ctrl")
        wait_for(lambda: app.find_all(role="label", contains="1 selected"), message="one tile selected")
        click_tile(app, display, tiles[3], "ctrl")
        wait_for(lambda: app.find_all(role="label", contains="2 selected"), message="two tiles selected")
        target, output, target_centre = drop_window(display)
        centre, _ = screen_centre(display, grid, tiles[3])
        drag(display, centre, target_centre)
        formats = output.next("the formats offered")
        assert "text/uri-list" in formats and "image/png" not in formats, formats
        assert output.next("the links") == f"URIS {urls[1]} {urls[3]}"
    finally:
        if target:
            target.terminate()
        app.stop()
