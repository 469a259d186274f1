"""A slow connection (issue 26), as a person meets it: camera photos whose originals were
evicted from the cache while their thumbnails were kept, served at a few hundred KB/s. Opening
one shows the photo at once (its thumbnail, scaled to the page) with a progress bar that says
how far the download has come, then the rows as they arrive, then the photo; a tile whose
thumbnail downloads for more than a second shows a ring. State comes from the app's trace and
AT-SPI; screenshots are kept in the display's folder."""

import re
import shutil
import tempfile
import time
import urllib.request
from pathlib import Path

import pyatspi
from PIL import Image

from camera_photos import close_to, write_photo
from harness import App, wait_for
from test_viewer import click_tile, images_loaded, x_window

RATE = 500_000  # bytes a second: a 5 MB photo takes about ten seconds
TOP, BOTTOM = (200, 40, 40), (40, 60, 200)


def trace_events(path, name):
    if not path.exists():
        return []
    lines = path.read_text().split("\n")[:-1]  # the last line may be half written
    return [line.split(" ", 2)[2] if line.count(" ") >= 2 else "" for line in lines if line.split(" ")[1:2] == [name]]


def screen(display, name):
    with Image.open(display.screenshot(name)) as image:
        return image.convert("RGB")


def canvas_points(display, viewer):
    """Points on the picture a third from its top and bottom, in the middle of the window."""
    _, x, y, width, height = x_window(display, re.escape(viewer.name))
    centre_y = y + height // 2 + 24
    return (x + width // 2, centre_y - height // 6), (x + width // 2, centre_y + height // 6)


def visible_nodes(app, root, role, contains=None, name=None):
    nodes = app.find_all(role=role, root=root, name=name, contains=contains)
    return [node for node in nodes if node.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width > 0]


def test_a_photo_on_a_slow_server_shows_at_once_with_its_progress(display, server):
    photos = []
    for index, name in enumerate(["slow-0.jpg", "slow-1.jpg"]):
        write_photo(server.root / name, 4000, 3000, TOP, BOTTOM)
        photos.append(server.url("/" + name))
    links = server.write("slow.txt", "\n".join(photos) + "\n")
    home = Path(tempfile.mkdtemp(prefix="lg-slow-"))
    app = App(display, links, home=home)
    try:
        wait_for(lambda: images_loaded(app, 2), 60, message="thumbnails made at full speed")
    finally:
        app.stop()
    # The originals went (the originals' cap does that to a large collection); the thumbnails stay.
    shutil.rmtree(app.cache / "originals")
    # A third photo never seen: its tile downloads slower still (half a minute), so its ring is
    # there however long the app takes to start on a loaded machine.
    write_photo(server.root / "slow-new.jpg", 4000, 3000, BOTTOM, TOP)
    links = server.write("slow.txt", "\n".join(photos + [server.url("/fault/paced/150000/slow-new.jpg")]) + "\n")
    urllib.request.urlopen(server.url(f"/__pace?rate={RATE}"), timeout=5).read()
    trace = home / "trace"
    app = App(display, links, home=home, extra_env={"LINK_GALLERY_TRACE": str(trace)})
    try:
        grid = app.window_named("Link Gallery")
        wait_for(lambda: len(app.tiles()) == 3, 30, message="three tiles")
        ring = wait_for(lambda: visible_nodes(app, grid, None, contains="Downloading: "), 30,
                        message="the new photo's tile shows its download ring")
        display.screenshot("slow-grid-ring")
        print("tile ring:", ring[0].name)
        assert re.fullmatch(r"Downloading: \d+ %", ring[0].name)

        wait_for(lambda: images_loaded_or_loading_only(app, 0), 30, message="the first tile's thumbnail from disk")
        opened = time.monotonic()
        click_tile(app, display, grid, app.tiles()[0])
        viewer = app.window_named(" / 3")
        wait_for(lambda: trace_events(trace, "viewer-stand-in-shown"), 10, message="the thumbnail standing in")
        stand_in_after = time.monotonic() - opened
        bar = wait_for(lambda: visible_nodes(app, viewer, "progress bar", name="Download"), 10,
                       message="the progress bar")[0]
        fraction = bar.queryValue().currentValue
        words = wait_for(lambda: visible_nodes(app, viewer, "label", contains=" of "), 5, message="the progress in words")
        print(f"stand-in after {stand_in_after:.2f} s; progress {fraction:.2f}, {words[0].name!r}")
        assert 0 < fraction < 1
        assert re.fullmatch(r"\d+\.\d of \d+\.\d\s+MB", words[0].name), words[0].name
        upper, lower = canvas_points(display, viewer)
        shot = screen(display, "slow-photo-half-second")
        assert close_to(shot.getpixel(upper), TOP) and close_to(shot.getpixel(lower), BOTTOM), \
            f"the photo is on screen at once: {shot.getpixel(upper)} {shot.getpixel(lower)}"
        assert not trace_events(trace, "viewer-page-shown"), "long before the original"

        wait_for(lambda: trace_events(trace, "viewer-partial-drawn"), 20, message="rows drawn as they arrive")
        display.screenshot("slow-photo-rows")
        wait_for(lambda: trace_events(trace, "viewer-page-shown"), 60, message="the original")
        wait_for(lambda: not visible_nodes(app, viewer, "progress bar", name="Download"), 5,
                 message="the progress bar gone")
        shot = screen(display, "slow-photo-done")
        assert close_to(shot.getpixel(upper), TOP) and close_to(shot.getpixel(lower), BOTTOM)
        print("partial redraws:", len(trace_events(trace, "viewer-partial-drawn")))
    except AssertionError:
        print("trace:", trace.read_text() if trace.exists() else "(none)")
        raise
    finally:
        urllib.request.urlopen(server.url("/__pace?rate=0"), timeout=5).read()
        app.stop()


def images_loaded_or_loading_only(app, index):
    tiles = app.tiles()
    return len(tiles) > index and "loading" not in (tiles[index].name or "")


def write_sideways_png(path: Path):
    """A 2400×1200 PNG stored on its side (EXIF orientation 6 in its `eXIf`): upright it is
    1200×2400, TOP above BOTTOM, so its stored rows — the first to arrive — are the upright
    picture's right-hand columns, TOP in their upper half."""
    if path.exists():
        return path
    image = Image.new("RGB", (2400, 1200), TOP)
    image.paste(BOTTOM, (1200, 0, 2400, 1200))  # upright bottom = stored right half
    noise = Image.effect_noise((2400, 1200), 48).convert("RGB")
    image = Image.blend(image, noise, 0.2)
    exif = Image.Exif()
    exif[0x0112] = 6
    temporary = path.with_suffix(".part")
    image.save(temporary, "PNG", exif=exif.tobytes())
    temporary.rename(path)
    return path


def picture_columns(shot, y, left, right):
    """The first and last column of the row `y` (between `left` and `right`) that show the
    picture (TOP or BOTTOM under its noise), or None."""
    columns = [x for x in range(left, right) if close_to(shot.getpixel((x, y)), TOP) or close_to(shot.getpixel((x, y)), BOTTOM)]
    return (columns[0], columns[-1]) if columns else None


def test_a_picture_stored_on_its_side_arrives_upright(display, server):
    """Issue 41: a PNG stored on its side, on a slow server, is drawn upright from its first
    arriving rows: they fill the upright picture's right-hand side, TOP in its upper half —
    drawn unturned, they would lie across the top, BOTTOM on the right."""
    path = write_sideways_png(server.root / "sideways.png")
    size = path.stat().st_size
    links = server.write("sideways.txt", server.url("/sideways.png") + "\n")
    home = Path(tempfile.mkdtemp(prefix="lg-sideways-"))
    app = App(display, links, home=home)
    try:
        wait_for(lambda: images_loaded(app, 1), 60, message="the thumbnail made at full speed")
    finally:
        app.stop()
    shutil.rmtree(app.cache / "originals")
    urllib.request.urlopen(server.url(f"/__pace?rate={RATE // 2}"), timeout=5).read()
    trace = home / "trace"
    app = App(display, links, home=home, extra_env={"LINK_GALLERY_TRACE": str(trace)})
    try:
        grid = app.window_named("Link Gallery")
        wait_for(lambda: images_loaded_or_loading_only(app, 0), 30, message="the thumbnail from disk")
        click_tile(app, display, grid, app.tiles()[0])
        viewer = app.window_named(" / 1")

        def half_arrived():
            drawn = [int(event.split(" ")[1]) for event in trace_events(trace, "viewer-partial-drawn") if event.count(" ") >= 1]
            return drawn and max(drawn) >= size * 55 // 100

        wait_for(half_arrived, 60, message="rows drawn from more than half of the file")
        assert not trace_events(trace, "viewer-page-shown"), "still arriving"
        _, x, y, width, height = x_window(display, re.escape(viewer.name))
        upper, lower = y + height // 2 + 24 - height // 6, y + height // 2 + 24 + height // 6
        shot = screen(display, "sideways-png-arriving")
        span = picture_columns(shot, upper, x, x + width)
        assert span, "the picture is on screen"
        left, right = span
        assert right - left < (height * 2) // 3, f"upright: a tall picture, not a wide one ({left}–{right})"
        near_right = right - (right - left) // 10
        print(f"picture columns {left}–{right}; upper right {shot.getpixel((near_right, upper))}, "
              f"lower right {shot.getpixel((near_right, lower))}")
        assert close_to(shot.getpixel((near_right, upper)), TOP), "the rows that arrived are upright: TOP above"
        assert close_to(shot.getpixel((near_right, lower)), BOTTOM), "…and BOTTOM below"
        wait_for(lambda: trace_events(trace, "viewer-page-shown"), 90, message="the whole picture")
    except AssertionError:
        print("trace:", trace.read_text() if trace.exists() else "(none)")
        raise
    finally:
        urllib.request.urlopen(server.url("/__pace?rate=0"), timeout=5).read()
        app.stop()
