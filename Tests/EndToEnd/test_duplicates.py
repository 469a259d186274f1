"""One tile per picture (issue 55): a list of eleven image links that hold six pictures — three
copies of the same bytes at other addresses, two copies at half the size and JPEG quality 70,
and another shot of the first photo's scene that must stay apart — made at test time from
public photos by Pillow, djxl and avifdec. The main menu's "Hide Duplicates" leaves one tile
per picture, the first line of it, whose name says how many links lead to it; the viewer pages
through the six; the cache keeps the bytes of a picture at two addresses once (one file, two
names); Save to Folder of all of them writes each picture once, as its largest copy;
the choice and the copies are known again after a relaunch (the looks are in the thumbnails'
files)."""

import subprocess
import tempfile
from pathlib import Path

from PIL import Image

from harness import App, wait_for
from test_open_lists import menu_item
from test_selection import button, choose_folder, click_tile, selected_in_trace, traced_app
from test_viewer import images_loaded, open_viewer

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures"


def photos(folder):
    """Six pictures: four public photos, the first one's scene shot again (its framing moved by
    a fifth), and a fifth public photo; each as the file a server would hold."""
    subprocess.run(["/usr/bin/djxl", str(FIXTURES / "jxl-conformance" / "bicycles.jxl"), str(folder / "bicycles.png")],
                   check=True, capture_output=True, timeout=120)
    subprocess.run(["/usr/bin/avifdec", str(FIXTURES / "avif-sample-images" / "fox.profile0.8bpc.yuv420.odd-width.odd-height.avif"),
                    str(folder / "fox.png")], check=True, capture_output=True, timeout=120)
    landscape = Image.open(FIXTURES / "exif-orientation-examples" / "Landscape_1.jpg").convert("RGB")
    width, height = landscape.size
    landscape.save(folder / "landscape.jpg", quality=90)
    landscape.crop((width // 5, height // 5, width, height)).resize((width, height)).save(folder / "scene.jpg", quality=90)
    Image.open(FIXTURES / "avif-sample-images" / "plum-blossom-small.png").convert("RGB").save(folder / "plum.png")
    Image.open(folder / "bicycles.png").convert("RGB").save(folder / "bicycles.jpg", quality=90)
    Image.open(folder / "fox.png").convert("RGB").save(folder / "fox.jpg", quality=90)
    subprocess.run(["/usr/bin/djxl", str(FIXTURES / "jxl-conformance" / "lz77_flower.jxl"), str(folder / "flower.png")],
                   check=True, capture_output=True, timeout=120)
    Image.open(folder / "flower.png").convert("RGB").save(folder / "flower.jpg", quality=90)
    for name in ["landscape.jpg", "plum.png"]:
        with Image.open(folder / name) as image:
            half = image.convert("RGB").resize((image.width // 2, image.height // 2), Image.LANCZOS)
            half.save(folder / f"half-{Path(name).stem}.jpg", quality=70)
    for name in ["landscape.jpg", "bicycles.jpg", "flower.jpg"]:
        (folder / f"copy-{name}").write_bytes((folder / name).read_bytes())


# Line by line: the picture each shows, and the file.
LINES = [("landscape", "landscape.jpg"), ("plum", "plum.png"), ("landscape", "copy-landscape.jpg"),
         ("bicycles", "bicycles.jpg"), ("plum", "half-plum.jpg"), ("flower", "flower.jpg"), ("scene", "scene.jpg"),
         ("bicycles", "copy-bicycles.jpg"), ("landscape", "half-landscape.jpg"), ("fox", "fox.jpg"),
         ("flower", "copy-flower.jpg")]


def cached_originals(app, data):
    """The names in the cache's originals folder whose payload (after the 12-byte seal) is `data`."""
    return [path for path in (app.cache / "originals").glob("*.bin") if path.read_bytes()[12:] == data]


def hidden_tiles(app, urls):
    """The tiles' names once duplicates are hidden: the first line of each picture, with its links."""
    names = [tile.name for tile in app.tiles()]
    return names if len(names) == 6 and all("loading" not in name for name in names) else None


def test_hide_duplicates_leaves_one_tile_per_picture_and_saves_each_once(display, server, tmp_path):
    photos(server.root)
    urls = [server.url("/" + name) for _, name in LINES]
    app, trace = traced_app(display, server, "duplicates", urls)
    home = app.home
    try:
        wait_for(lambda: images_loaded(app, len(urls)), 60, message="the eleven thumbnails")
        # The originals the thumbnails were made from are cached once per picture: each of the
        # three pictures stored at two addresses is one file with two names.
        for name in ["landscape.jpg", "bicycles.jpg", "flower.jpg"]:
            data = (server.root / name).read_bytes()
            copies = wait_for(lambda: cached_originals(app, data) if len(cached_originals(app, data)) == 2 else None,
                              message=f"{name}'s two links cached")
            assert len({path.stat().st_ino for path in copies}) == 1, f"{name} is kept twice: {copies}"
        app.do_action(menu_item(app, "Hide Duplicates"))
        names = wait_for(lambda: hidden_tiles(app, urls), message="one tile per picture")
        assert names == [f"Image {urls[0]}, 3 links", f"Image {urls[1]}, 2 links", f"Image {urls[3]}, 2 links",
                         f"Image {urls[5]}, 2 links", f"Image {urls[6]}", f"Image {urls[9]}"], names
        display.screenshot("duplicates-hidden")

        # Save to Folder of every tile: six files, each picture's largest copy.
        click_tile(app, display, app.tiles()[0], "ctrl")
        wait_for(lambda: selected_in_trace(trace) == "1", message="selection mode")
        app.press("ctrl+a")
        wait_for(lambda: selected_in_trace(trace) == "6", message="every tile selected")
        folder = tmp_path / "Pictures"
        folder.mkdir()
        app.do_action(button(app, "Save to Folder…"))
        choose_folder(app, display, folder)
        wait_for(lambda: trace.last("pictures-saved"), 60, message="the pictures saved")
        assert trace.last("pictures-saved") == "6 0 0"
        saved = sorted(path.read_bytes() for path in folder.iterdir())
        largest = sorted((server.root / name).read_bytes() for name in
                         ["landscape.jpg", "plum.png", "bicycles.jpg", "flower.jpg", "scene.jpg", "fox.jpg"])
        assert saved == largest, sorted(path.name for path in folder.iterdir())
        app.press("Escape")
        wait_for(lambda: selected_in_trace(trace) == "off", message="Escape to leave selection mode")

        # The viewer pages through what the grid shows.
        viewer = open_viewer(app, display, 0, image_count=6)
        assert "1 / 6" in viewer.name
        # Its properties name the picture's other links and their sizes, to pick the largest.
        app.press("F9")
        landscape = Image.open(server.root / "landscape.jpg")
        wait_for(lambda: app.find_all(root=viewer, contains=f"copy-landscape.jpg ({landscape.width} × {landscape.height})"),
                 message="the exact copy's address and size in the properties")
        wait_for(lambda: app.find_all(root=viewer, contains=f"half-landscape.jpg ({landscape.width // 2} × {landscape.height // 2})"),
                 message="the half-size copy's address and size")
        display.screenshot("duplicates-properties")
    finally:
        app.stop()

    # A relaunch remembers the choice, and finds the copies in the thumbnails' files.
    again = App(display, server.write("duplicates.txt", "\n".join(urls) + "\n"), home=home)
    try:
        try:
            names = wait_for(lambda: hidden_tiles(again, urls), 60, message="one tile per picture after a relaunch")
        except AssertionError:
            print("tiles:", [t.name for t in again.tiles()], list(home.rglob("*.ini")) + list(home.rglob("keyfile")))
            display.screenshot("duplicates-relaunch")
            raise
        assert names[0] == f"Image {urls[0]}, 3 links"
    finally:
        again.stop()
