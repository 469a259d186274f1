"""Every picture shown right, as a person sees it: a grid of the formats phones, cameras and
sites produce (JPEG XL among them), each in its true colour (colour-tagged ones converted), a
damaged one named as such; and a tall photo zoomed below 100 % and scrolled to its end shows its
last rows."""

import os
import re
import time

from PIL import Image

from camera_photos import write_photo
from format_pictures import write_all
from harness import App, wait_for
from test_viewer import images_loaded, open_viewer, screen_centre, shown_image, x_window, zoom_percent


def screenshot_rgb(display, name=None):
    path = display.screenshot(name or f"pictures-probe-{time.monotonic_ns()}")
    try:
        with Image.open(path) as image:
            return image.convert("RGB")
    finally:
        if name is None:
            os.unlink(path)


def test_a_grid_of_every_format_shows_each_in_its_true_colour(display, server):
    pictures = write_all(server.root / "formats")
    links = server.write("formats.txt", "\n".join(server.url("/formats/" + name) for name, _ in pictures) + "\n")
    app = App(display, links)
    try:
        grid = app.window_named("Link Gallery")
        wait_for(lambda: images_loaded(app, len(pictures)), 40, message="every tile settled")
        tiles = app.tiles()
        broken = tiles[[name for name, _ in pictures].index("broken.jxl")]
        assert "Damaged" in broken.name, broken.name
        assert not any("Damaged" in (tile.name or "") or "Unsupported" in (tile.name or "")
                       for tile in tiles if tile is not broken), [tile.name for tile in tiles]
        # Thumbnails fade in when the person watched them load: wait until every tile is its
        # colour on screen (the app's state as a person sees it), then keep that screenshot.
        centres = {name: screen_centre(display, grid, tile)[0] for (name, _), tile in zip(pictures, tiles)}

        def mismatches():
            shot = screenshot_rgb(display)
            return [(name, shot.getpixel(centres[name]), colour) for name, colour in pictures
                    if colour is not None and max(abs(a - b) for a, b in zip(shot.getpixel(centres[name]), colour)) > 6]
        for (name, colour), tile in zip(pictures, tiles):
            if colour is not None:
                assert "(" not in tile.name.split("/")[-1], f"{name} failed: {tile.name}"
        wait_for(lambda: not mismatches(), 30, message="every tile in its colour")
        screenshot_rgb(display, "formats-grid")
    finally:
        app.stop()


def blue_rows_at_bottom(shot, x, bottom):
    """How many rows up from `bottom` (exclusive) are the photo's blue band at column `x`."""
    rows = 0
    for y in range(bottom - 1, bottom - 400, -1):
        r, g, b = shot.getpixel((x, y))
        if not (b > 170 and r < 80 and g < 80):
            break
        rows += 1
    return rows


def test_a_tall_photo_zoomed_below_100_percent_shows_its_last_rows(display, server):
    # Grey photo (noise over it), its last 60 rows a blue band, like the 6000 × 4000.
    photo = server.root / "tall.jpg"
    write_photo(photo, 6000, 4000, (128, 128, 128))
    with Image.open(photo) as image:
        image = image.convert("RGB")
        image.paste((0, 0, 255), (0, 4000 - 60, 6000, 4000))
        image.save(photo, "JPEG", quality=90)
    links = server.write("tall.txt", server.url("/tall.jpg") + "\n")
    app = App(display, links)
    try:
        viewer = open_viewer(app, display, 0, image_count=1)
        shown_image(app, viewer, "tall.jpg")  # zooming needs the picture
        _, wx, wy, width, height = x_window(display, re.escape(viewer.name))
        seen = []
        while True:
            app.press("plus")
            wait_for(lambda: zoom_percent(app, viewer) not in (None, *[level for level, _ in seen]), 10,
                     message="the next zoom level")
            level = zoom_percent(app, viewer)
            if level >= 100:
                break
            # Scroll to the photo's end, with the pointer over the picture.
            display.xdotool("mousemove", wx + width // 2, wy + height // 2)
            display.xdotool("click", "--repeat", "80", "--delay", "5", "5")
            band = round(60 * level / 100)
            (x, _), (_, corner_y) = screen_centre(display, viewer, viewer)
            bottom = corner_y + 2
            wait_for(lambda: abs(blue_rows_at_bottom(screenshot_rgb(display), x, bottom) - band) <= 2, 30,
                     message=f"the blue band ({band} rows) at the bottom at {level} %")
            if level in (50, 63, 79) or not seen:
                screenshot_rgb(display, f"tall-photo-end-{level}-percent")
            seen.append((level, band))
        assert any(level >= 40 for level, _ in seen), f"zoom levels below 100 %: {seen}"
        print("zoom levels checked:", seen)
    finally:
        app.stop()
