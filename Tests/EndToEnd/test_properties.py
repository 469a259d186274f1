"""The viewer's Image Properties panel (issue 25), as a person uses it: F9 (or Alt+Return) opens
it beside the picture, it reads what the file says (camera, exposure, date, place, colour
profile) and where it came from, it follows the pages, and a screen reader reads every row.
The tagged photo is made at test time with exiftool; screenshots in light and dark style."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pyatspi
import pytest
from PIL import Image

from harness import App, wait_for
from test_slow_network import visible_nodes
from test_viewer import click_tile, fake_xdg_open

TAGS = ["-Make=Canon", "-Model=Canon EOS R6", "-LensModel=RF24-105mm F4 L IS USM",
        "-DateTimeOriginal=2024:05:01 12:30:15", "-ExposureTime=1/250", "-FNumber=5.6", "-ISO=400",
        "-FocalLength=50", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
        "-GPSLongitudeRef=E"]


def tagged_photo(path):
    Image.linear_gradient("L").resize((1200, 800)).convert("RGB").save(path, "JPEG", quality=90)
    subprocess.run(["/usr/bin/exiftool", "-q", "-overwrite_original", *TAGS,
                    "-ICC_Profile<=/usr/share/color/icc/ghostscript/a98.icc", str(path)], check=True)


def row(app, root, title):
    """The value of the panel's row `title`, as a screen reader reads it ("Title: value")."""
    nodes = visible_nodes(app, root, "label", contains=title + ": ")
    return nodes[0].name.split(": ", 1)[1] if nodes else None


def open_panel(app, display, links, style):
    grid = app.window_named("Link Gallery")
    wait_for(lambda: len(app.tiles()) == 2 and all("loading" not in (t.name or "") for t in app.tiles()), 30,
             message="the grid")
    click_tile(app, display, grid, app.tiles()[0])
    viewer = app.window_named("1 / 2")
    wait_for(lambda: app.find_all(role="image", name="camera.jpg", root=viewer), 20, message="the photo")
    app.press("F9")
    wait_for(lambda: row(app, viewer, "Camera") is not None, 20, message="the camera row")
    return viewer


def test_the_properties_panel_tells_size_camera_date_place_and_source(display, server):
    tagged_photo(server.root / "camera.jpg")
    Image.new("RGB", (300, 200), (40, 120, 200)).save(server.root / "plain.png")
    links = server.write("props.txt", server.url("/camera.jpg") + "\n" + server.url("/plain.png") + "\n")
    bin_dir = Path(tempfile.mkdtemp(prefix="lg-bin-"))
    opened = fake_xdg_open(bin_dir)
    app = App(display, links, extra_env={"PATH": f"{bin_dir}:{os.environ['PATH']}"})
    try:
        viewer = open_panel(app, display, links, "light")
        wait_for(lambda: row(app, viewer, "Loaded From") is not None, 20, message="the source rows")
        values = {title: row(app, viewer, title) for title in [
            "Dimensions", "Format", "File Size", "Colour Profile", "Camera", "Lens", "Exposure", "Aperture", "ISO",
            "Focal Length", "Taken", "Location", "Address", "Server", "Content Type", "Loaded From"]}
        print(values)
        assert values["Dimensions"] == "1200 × 800 pixels (1.0 MP)"
        assert values["Format"] == "JPEG"
        assert values["Camera"] == "Canon EOS R6"
        assert values["Lens"] == "RF24-105mm F4 L IS USM"
        assert values["Exposure"] == "1/250 s" and values["Aperture"] == "f/5.6" and values["ISO"] == "400"
        assert values["Focal Length"] == "50 mm"
        assert "2024" in values["Taken"] and "12:30" in values["Taken"]
        assert values["Location"].startswith("48.85840° N, 2.29450° E")
        assert values["Colour Profile"] == "Artifex Software A98 ICC Profile"
        assert values["Address"] == server.url("/camera.jpg")
        assert values["Server"] == "127.0.0.1"
        assert values["Content Type"] == "image/jpeg"
        assert values["Loaded From"] == "The network"
        assert visible_nodes(app, viewer, "push button", name="Copy Address")
        # No maps app here: the place opens on OpenStreetMap in the browser.
        app.do_action(visible_nodes(app, viewer, "push button", name="Open in Maps")[0])
        wait_for(opened.exists, message="the browser asked to show the place")
        assert opened.read_text().splitlines() == [
            "1", "https://www.openstreetmap.org/?mlat=48.858400&mlon=2.294500#map=16/48.858400/2.294500"]
        # Beside the picture, not over it: the window keeps its width and the picture moves left.
        display.screenshot("properties-light")

        app.press("Right")
        wait_for(lambda: row(app, viewer, "Format") == "PNG", 20, message="the panel follows the page")
        assert row(app, viewer, "Camera") is None, "rows with no value are left out"
        assert row(app, viewer, "Dimensions") == "300 × 200 pixels (0.1 MP)"
        toggle = wait_for(lambda: app.find_all(role="push button", name="Image Properties", root=viewer), 5,
                          message="the header's Image Properties button")[0]
        states = lambda: [pyatspi.stateToString(state) for state in toggle.getState().getStates()]
        print("toggle states while shown:", states())
        assert "pressed" in states() or "checked" in states(), states()
        app.press("alt+Return")
        wait_for(lambda: "pressed" not in states() and "checked" not in states(), 10, message="Alt+Return hides it")
    finally:
        app.stop()

    # Again on the same cache, in the dark style (remembered in the settings): read from disk.
    home = app.home
    settings = home / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    keyfile = settings / "keyfile"
    kept = keyfile.read_text() if keyfile.exists() else "[io/github/linkgallery/LinkGallery]\n"
    keyfile.write_text(kept.rstrip("\n") + "\ncolor-scheme='dark'\n")
    app = App(display, links, home=home)
    try:
        viewer = open_panel(app, display, links, "dark")
        wait_for(lambda: row(app, viewer, "Loaded From") == "The disk cache", 20, message="read from the cache")
        assert row(app, viewer, "Content Type") == "image/jpeg", "what the server said, remembered"
        assert row(app, viewer, "Camera") == "Canon EOS R6"
        display.screenshot("properties-dark")
    finally:
        app.stop()
        shutil.rmtree(home, ignore_errors=True)


@pytest.mark.parametrize("fixture, name, arguments, shown", [
    ("dng_fixture.py", "phone.dng", ["96", "64", "1"], "DNG (camera RAW)"),
    ("raf_fixture.py", "camera.raf", ["96", "64"], "Fujifilm RAF (camera RAW)"),
])
def test_a_camera_raw_is_named_for_what_it_is(display, server, fixture, name, arguments, shown):
    """A phone's DNG is a TIFF by its bytes and a camera's raw data by its content; a Fujifilm
    RAF is its maker's own container: the panel says so (issue 43), as LibRaw reads it in the
    worker."""
    raw = server.root / name
    subprocess.run(["/usr/bin/python3", str(Path(__file__).parents[1] / "Fixtures" / fixture), str(raw)] + arguments, check=True)
    links = server.write("raw.txt", server.url("/" + name) + "\n")
    app = App(display, links)
    try:
        grid = app.window_named("Link Gallery")
        wait_for(lambda: len(app.tiles()) == 1 and "loading" not in (app.tiles()[0].name or ""), 30, message="the tile")
        click_tile(app, display, grid, app.tiles()[0])
        viewer = app.window_named("1 / 1")
        app.press("F9")
        wait_for(lambda: row(app, viewer, "Format") == shown, 20, message="the format row")
        display.screenshot("properties-" + name.replace(".", "-"))
    finally:
        app.stop()
