"""Offline start and recovery, as a person sees them: the cached grid at once without the
network, and a list that arrives by itself when the server comes up late."""

import socket
import time

from harness import App, FixtureServer, wait_for


def image_lines(server, count=6):
    return [server.url(f"/img/{300 + 10 * i}x{200 + 10 * i}.png") for i in range(count)] + ["a note, not a link"]


def loaded(app, lines):
    names = [tile.name for tile in app.tiles()]
    return len(names) == len(lines) and all(name == f"Image {line}" for name, line in zip(names, lines[:-1]))


def image_requests(server):
    return [entry["path"] for entry in server.log() if entry["path"].startswith("/img/")]


def test_relaunch_reads_the_cache_and_works_offline(display, server):
    lines = image_lines(server)
    url = server.write("offline.txt", "\n".join(lines))
    first = App(display, url)
    try:
        wait_for(lambda: loaded(first, lines), 30, message="the first run to load every thumbnail")
    finally:
        first.stop()

    # Relaunch with the server up: the list is confirmed (conditional GET), no image is fetched.
    server.reset_log()
    second = App(display, url, home=first.home)
    try:
        wait_for(lambda: loaded(second, lines), 15, message="the cached grid")
        time.sleep(1)
        assert image_requests(server) == []
        assert [entry["path"] for entry in server.log()] == ["/offline.txt"]
    finally:
        second.stop()

    # Relaunch with the server gone: the same grid, and a banner that says the list may be old.
    server.stop()
    third = App(display, url, home=first.home)
    try:
        wait_for(lambda: loaded(third, lines), 15, message="the cached grid offline")
        wait_for(lambda: third.find_all(contains="Showing the saved list"), 15, message="the offline banner")
        display.screenshot("offline-relaunch")
    finally:
        third.stop()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_list_and_images_arrive_when_the_server_comes_up_late(display):
    port = free_port()
    url = f"http://127.0.0.1:{port}/late.txt"
    app = App(display, url)
    server = None
    try:
        wait_for(lambda: app.find_all(name="No Connection"), 20, message="the no-connection page")
        display.screenshot("server-down")
        server = FixtureServer(port=port)
        lines = image_lines(server, 4)
        server.write("late.txt", "\n".join(lines))
        # No user action: the backoff (at most 15 s) brings the list and then the images.
        wait_for(lambda: loaded(app, lines), 40, message="the list and images after the server came up")
        display.screenshot("server-up-late")
    finally:
        app.stop()
        if server:
            server.stop()


def test_unusable_cache_folder_keeps_the_app_working_and_says_so(display, server, tmp_path):
    # XDG_CACHE_HOME is a file: no cache folder can be made, nothing can be written.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("occupied")
    lines = image_lines(server, 3)
    app = App(display, server.write("nocache.txt", "\n".join(lines)), extra_env={"XDG_CACHE_HOME": str(blocker)})
    try:
        wait_for(lambda: loaded(app, lines), 30, message="thumbnails kept in memory")
        banners = wait_for(lambda: app.find_all(contains="cannot be saved to the cache"), message="the cache banner")
        assert len(banners) == 1
        display.screenshot("cache-unusable")
    finally:
        app.stop()


def test_refresh_fetches_the_list_again_and_shows_changes(display, server):
    lines = image_lines(server, 2)
    url = server.write("refresh.txt", "\n".join(lines))
    app = App(display, url)
    try:
        wait_for(lambda: loaded(app, lines), 30, message="the first list")
        server.write("refresh.txt", "\n".join(lines + [server.url("/img/333x222.png")]))
        before = sum(1 for entry in server.log() if entry["path"] == "/refresh.txt")
        app.window_named("Link Gallery")
        app.press("F5")
        wait_for(lambda: len(app.tiles()) == len(lines) + 1, 15, message="the changed list after F5")
        assert sum(1 for entry in server.log() if entry["path"] == "/refresh.txt") == before + 1
    finally:
        app.stop()


def test_refresh_asks_again_about_a_link_that_once_served_a_page(display, server):
    # A captive portal or a proxy answered with a login page instead of the picture.
    import urllib.request
    (server.root / "photo").write_text("<html><body>Please log in</body></html>")
    photo = server.url("/photo")
    url = server.write("portal.txt", photo + "\n")
    app = App(display, url)
    try:
        wait_for(lambda: [t.name for t in app.tiles()] == [f"Not an image: line 1, {photo}"], 20,
                 message="the page taken for what it is")
        with urllib.request.urlopen(server.url("/img/240x180.png"), timeout=5) as response:
            (server.root / "photo").write_bytes(response.read())
        app.window_named("Link Gallery")
        app.press("F5")
        wait_for(lambda: [t.name for t in app.tiles()] == [f"Image {photo}"], 20, message="the picture after Refresh")
    finally:
        app.stop()
