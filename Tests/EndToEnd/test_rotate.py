"""Rotate Right and Left, and Flip, as a person uses them in the viewer (issue 35): the picture
turns on screen (its shape and where each corner lands, read from screenshots against the
unturned picture's own corners), the zoom follows, and the turn is remembered for its address
when the viewer opens the picture again."""

import re
import tempfile
from pathlib import Path

import pyatspi
from PIL import Image

from harness import App, wait_for
from test_slow_network import trace_events
from test_viewer import open_viewer, shown_image, x_window


def views(trace):
    """The viewer's states as written after each frame: dicts of the fields."""
    return [dict(field.split("=", 1) for field in line.split() if "=" in field) for line in trace_events(trace, "viewer-view")]


def picture_corners(display, viewer, canvas, view, name):
    """The colours just inside the four corners of the picture on screen (top left, top right,
    bottom right, bottom left), from a screenshot: the canvas's place in the window (AT-SPI),
    the window's on the screen (X) and the picture's in the canvas (the trace)."""
    _, x, y, width, height = x_window(display, re.escape(viewer.name))
    window = viewer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    margin_x, margin_y = (width - window.width) // 2, (height - window.height) // 2
    extents = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    left, top, shown_width, shown_height = (float(value) for value in view["rect"].split(","))
    left += x + margin_x + extents.x
    top += y + margin_y + extents.y
    inset = 12
    points = [(left + inset, top + inset), (left + shown_width - inset, top + inset),
              (left + shown_width - inset, top + shown_height - inset), (left + inset, top + shown_height - inset)]
    with Image.open(display.screenshot(name)) as image:
        rgb = image.convert("RGB")
        return [rgb.getpixel((int(px), int(py))) for px, py in points]


def close(colour, other, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, other))


def test_rotate_right_turns_the_picture_and_is_remembered(display, server):
    url = server.url("/img/640x480.png")
    home = Path(tempfile.mkdtemp(prefix="lg-rotate-"))
    trace = home / "trace"
    app = App(display, server.write("rotate.txt", url + "\n"), home=home, extra_env={"LINK_GALLERY_TRACE": str(trace)})
    try:
        viewer = open_viewer(app, display, 0, image_count=1)
        canvas = shown_image(app, viewer, "640x480.png")[0]
        upright = wait_for(lambda: [v for v in views(trace) if v.get("turn") == "0,0" and v.get("image") == "640x480"], 20,
                           message="the picture shown upright")[-1]
        before = picture_corners(display, viewer, canvas, upright, "rotate-before")
        assert len({corner for corner in before}) == 4, f"four corners of different colours: {before}"

        app.press("ctrl+r")
        turned = wait_for(lambda: [v for v in views(trace) if v.get("turn") == "1,0"], 10, message="turned right")[-1]
        assert turned["image"] == "480x640", "its sides swap"
        _, _, shown_width, shown_height = (float(value) for value in turned["rect"].split(","))
        assert shown_height > shown_width, "upright on its side now"
        assert turned["fit"] == "1", "still fitted to the window"
        after = picture_corners(display, viewer, canvas, turned, "rotate-after")
        # A quarter turn clockwise: the top left corner goes to the top right, and so on.
        expected = [before[3], before[0], before[1], before[2]]
        assert all(close(a, b) for a, b in zip(after, expected)), f"corners {after}, expected {expected}"

        app.press("ctrl+shift+r", "ctrl+shift+r")
        wait_for(lambda: views(trace)[-1].get("turn") == "3,0", 10, message="turned left twice")
        app.press("ctrl+r")
        wait_for(lambda: views(trace)[-1].get("turn") == "0,0", 10, message="back upright")
        app.press("ctrl+r")
        wait_for(lambda: views(trace)[-1].get("turn") == "1,0", 10, message="turned right again")

        # Opened again, the picture comes turned as it was left.
        app.press("ctrl+w")
        grid = app.window_named("Link Gallery")
        seen = len(views(trace))
        viewer = open_viewer(app, display, 0, image_count=1)
        shown_image(app, viewer, "640x480.png")
        reopened = wait_for(lambda: [v for v in views(trace)[seen:] if v.get("image")], 20, message="the picture again")
        assert reopened[0]["turn"] == "1,0" and reopened[0]["image"] == "480x640", reopened[0]

        # With the mouse: a right click on the picture opens its menu, Rotate Left turns it back.
        canvas = shown_image(app, viewer, "640x480.png")[0]
        _, x, y, width, height = x_window(display, re.escape(viewer.name))
        window = viewer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        extents = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        centre = (x + (width - window.width) // 2 + extents.x + extents.width // 2,
                  y + (height - window.height) // 2 + extents.y + extents.height // 2)
        display.xdotool("mousemove", *centre)
        display.xdotool("click", "3")
        item = wait_for(lambda: [node for node in app.find_all(name="Rotate Left") if node.getRoleName() == "menu item"], 10,
                        message="the picture's menu at the pointer")[0]
        display.screenshot("rotate-context-menu")
        app.do_action(item)
        wait_for(lambda: views(trace)[-1].get("turn") == "0,0", 10, message="turned back upright from the menu")
    finally:
        app.stop()


def test_a_turned_photo_zoomed_to_full_detail_shows_its_pixels_turned(display, server):
    """At 100 % a large picture is drawn from its full detail, tile by tile: turned right, its
    gradients run the turned way across the screen (the stored picture's red grows to the right
    and its green downwards; turned right, red grows downwards and green to the left), and the
    detail was shown, not only the screen-sized picture."""
    url = server.url("/img/3000x2000.png")
    home = Path(tempfile.mkdtemp(prefix="lg-rotate-detail-"))
    trace = home / "trace"
    app = App(display, server.write("rotate-detail.txt", url + "\n"), home=home,
              extra_env={"LINK_GALLERY_TRACE": str(trace)})
    try:
        viewer = open_viewer(app, display, 0, image_count=1)
        canvas = shown_image(app, viewer, "3000x2000.png")[0]
        wait_for(lambda: [v for v in views(trace) if v.get("image") == "3000x2000"], 20, message="the photo shown")
        app.press("ctrl+r")
        wait_for(lambda: views(trace)[-1].get("turn") == "1,0", 10, message="turned right")
        shown_before = len(trace_events(trace, "viewer-detail-shown"))
        app.press("1")
        view = wait_for(lambda: [v for v in views(trace) if v.get("turn") == "1,0" and v.get("level") == "1.0000"], 10,
                        message="100 %")[-1]
        wait_for(lambda: len(trace_events(trace, "viewer-detail-shown")) > shown_before, 20, message="the full detail drawn")
        _, x, y, width, height = x_window(display, re.escape(viewer.name))
        window = viewer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        extents = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        centre_x = x + (width - window.width) // 2 + extents.x + extents.width // 2
        centre_y = y + (height - window.height) // 2 + extents.y + extents.height // 2
        with Image.open(display.screenshot("rotate-detail")) as image:
            rgb = image.convert("RGB")

            def around(dx, dy):
                samples = [rgb.getpixel((centre_x + dx + i, centre_y + dy + j)) for i in (-2, 0, 2) for j in (-2, 0, 2)]
                return [sorted(sample[channel] for sample in samples)[4] for channel in range(3)]

            left, right = around(-200, 0), around(200, 0)
            up, down = around(0, -200), around(0, 200)
        print("left", left, "right", right, "up", up, "down", down, "view", view)
        assert right[1] < left[1] - 20, f"green falls to the right (stored: grows downwards): {left} → {right}"
        assert abs(right[0] - left[0]) < 12, "red steady across"
        assert down[0] > up[0] + 20, f"red grows downwards (stored: grows to the right): {up} → {down}"
        assert abs(down[1] - up[1]) < 12, "green steady down"
    finally:
        app.stop()
