"""The grid as a person meets it: launch against a links file, see tiles in file order with the
right names, thumbnails that arrive, placeholders that say what they are."""

import time

from harness import App, wait_for

LINES = [
    "/img/640x480.jpg",
    "/img/300x600.png",
    "/img?w=200&h=200&fmt=webp&seed=3",     # no extension: probed by its bytes
    "/html/page",                          # a link, not an image
    "just some words",                      # not a link
    "/lying/html-as.jpg",                  # says .jpg, serves HTML
    "/img/500x500/gif",
    "ftp://example.com/picture.jpg",        # not http(s): invalid
]


def links_file(server):
    lines = [server.url(line) if line.startswith("/") else line for line in LINES]
    return server.write("links.txt", "\r\n".join(lines) + "\n"), lines


def tile_names(app):
    return [tile.name for tile in app.tiles()]


def test_tiles_follow_the_file_with_names_and_kinds(display, server):
    url, lines = links_file(server)
    app = App(display, url)
    try:
        window = app.window_named("Link Gallery")
        assert window.name == "Link Gallery"
        wait_for(lambda: len(app.tiles()) == len(lines), message="one tile per line")
        # Loads finish: image tiles lose "(loading)", lying links become placeholders.
        wait_for(lambda: not any("loading" in (name or "") for name in tile_names(app)), 30,
                 message="all thumbnails loaded")
        names = tile_names(app)
        assert names[0] == f"Image {lines[0]}"
        assert names[1] == f"Image {lines[1]}"
        assert names[2] == f"Image {lines[2]}"
        assert names[3] == f"Not an image: line 4, {lines[3]}"
        assert names[4] == "Invalid entry: line 5, just some words"
        assert names[5] == f"Not an image: line 6, {lines[5]}"
        assert names[6] == f"Image {lines[6]}"
        assert names[7] == f"Invalid entry: line 8, {lines[7]}"
        time.sleep(0.5)
        display.screenshot("grid")

        # Thumbnails are stored downscaled on disk, never the originals as thumbnails.
        thumbnails = list((app.cache / "thumbnails").glob("*.png"))
        assert len(thumbnails) == 4
        originals = list((app.cache / "originals").glob("*.bin"))
        assert len(originals) == 4
        links = list((app.cache / "links").glob("*.txt"))
        assert len(links) == 1
    finally:
        app.stop()


def requests_to(server, path):
    return sum(1 for entry in server.log() if entry["path"] == path)


def test_failed_tile_offers_retry(display, server):
    lines = [server.url("/fault/404"), server.url("/img/320x240.png")]
    url = server.write("retry.txt", "\n".join(lines))
    app = App(display, url)
    try:
        wait_for(lambda: tile_names(app)[0] == f"Image {lines[0]} (Not found (404))", 30, message="a failed tile")
        tile = app.tiles()[0]
        retry = wait_for(lambda: app.find_all(role="push button", name="Retry", root=tile), message="a Retry button")[0]
        display.screenshot("failed-tile")
        before = requests_to(server, "/fault/404")
        app.do_action(retry)
        wait_for(lambda: requests_to(server, "/fault/404") == before + 1, message="Retry to fetch again")
    finally:
        app.stop()


def test_server_error_heals_without_the_user(display, server):
    path = f"/fault/500-then-200/e2e-{time.time()}"
    url = server.write("heal.txt", server.url(path) + "\n")
    app = App(display, url)
    try:
        wait_for(lambda: tile_names(app) == [f"Image {server.url(path)}"], 30, message="the tile to heal by itself")
        assert requests_to(server, path) == 2
    finally:
        app.stop()
