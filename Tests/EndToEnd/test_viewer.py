"""The viewer as a person meets it: open an image from the grid, page with the keys, go
fullscreen and back, share the link, and see that the viewer reuses what the grid downloaded."""

import io
import os
import re
import stat
import subprocess
import tempfile
import time
from pathlib import Path

import pyatspi
from PIL import Image

from harness import App, wait_for

# Placeholders come first: the viewer counts images only, so the 5th line is image 3 of 4.
LINES = [
    "/html/page",            # a link, not an image
    "just some words",        # not a link
    "/img/640x480.jpg",
    "/img/300x600.png",
    "/img/800x600.png",      # the third image
    "/img/500x400.jpg",
]
THIRD = 4  # index of the third image's tile


def links_file(server, lines=LINES, name="viewer.txt"):
    urls = [server.url(line) if line.startswith("/") else line for line in lines]
    return server.write(name, "\n".join(urls) + "\n"), urls


def images_loaded(app, count):
    names = [tile.name or "" for tile in app.tiles()]
    return len(names) == count and not any("loading" in name for name in names)


def x_windows(display, pattern):
    """(id, x, y, width, height) of every mapped managed X window whose title matches `pattern`."""
    return [window for window in display.toplevels(pattern) if window[3] > 1]


def largest_x_window(display, pattern):
    """Tooltips and popovers are X windows too, and may carry the title: take the largest."""
    return max(x_windows(display, pattern), key=lambda w: w[3] * w[4], default=None)


def x_window(display, pattern):
    return wait_for(lambda: largest_x_window(display, pattern), message=f"an X window named {pattern!r}")


def screen_centre(display, frame, node):
    """The middle of `node` on the screen, and a point just inside `frame`'s bottom-left corner.

    GTK 4.8 reports window-relative extents only: add the X window's position and the margin
    GTK keeps around a client-side decorated window (half the size difference)."""
    _, x, y, width, height = x_window(display, re.escape(frame.name))
    window = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    margin_x, margin_y = (width - window.width) // 2, (height - window.height) // 2
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return ((x + margin_x + extents.x + extents.width // 2, y + margin_y + extents.y + extents.height // 2),
            (x + margin_x + 2, y + margin_y + window.height - 2))


def click_tile(app, display, frame, tile):
    centre, corner = screen_centre(display, frame, tile)
    # The pointer may still rest where an earlier test clicked: without a real motion onto the
    # tile, GTK does not know the pointer is over it and ignores the click.
    display.xdotool("mousemove", *corner)
    time.sleep(0.1)
    app.click(centre)


def open_viewer(app, display, tile_index, image_count=4):
    grid = app.window_named("Link Gallery")
    wait_for(lambda: images_loaded(app, len(app.tiles())) and len(app.tiles()) > tile_index, 30,
             message="the grid's thumbnails")
    click_tile(app, display, grid, app.tiles()[tile_index])
    try:
        return app.window_named(f" / {image_count}")
    except AssertionError:
        display.screenshot("open-viewer-failed")
        print("windows:", x_windows(display, "."), "pointer:", display.xdotool("getmouselocation"))
        raise


def visible(app, root, role, name):
    """The one widget of that role and name that is on screen (hidden ones have no size)."""
    def find():
        for node in app.find_all(role=role, name=name, root=root):
            extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if extents.width > 0 and extents.height > 0:
                return node
        return None
    return wait_for(find, message=f"a visible {role} {name!r}")


def shown_image(app, viewer, title):
    """The canvas names itself after the image once it is on screen."""
    return wait_for(lambda: app.find_all(role="image", name=title, root=viewer), 20,
                    message=f"the viewer to show {title}")


def share(app, viewer, item):
    """Opens the Share menu like a person would and picks `item` from it."""
    menu_button = visible(app, viewer, "push button", "Share")
    inner = [node for node in app.find_all(role="push button", name="Share", root=menu_button)]
    app.do_action(inner[0] if inner else menu_button)
    entry = wait_for(lambda: next((node for node in app.find_all(name=item)
                                   if node.getRoleName() in ("menu item", "push button", "check menu item")),
                                  None), message=f"menu item {item!r}")
    app.do_action(entry)


def pixel(display, x, y):
    path = display.screenshot(f"pixel-probe-{time.monotonic_ns()}")
    try:
        with Image.open(path) as image:
            return image.convert("RGB").getpixel((x, y))
    finally:
        os.unlink(path)


def zoom_level(app, viewer):
    """What the zoom level button says: "Best Fit" or "150 %"."""
    names = [node.name for node in app.find_all(role="push button", root=viewer)
             if node.name == "Best Fit" or re.fullmatch(r"\d+ %", node.name or "")]
    return names[0] if names else None


def zoom_percent(app, viewer):
    """The zoom level in percent, or None at best fit."""
    level = zoom_level(app, viewer)
    return int(level.split()[0]) if level and level.endswith(" %") else None


def test_opens_third_image_and_pages_with_the_keys(display, server):
    url, urls = links_file(server)
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, THIRD)
        assert "3 / 4" in viewer.name
        assert "800x600.png" in viewer.name
        shown_image(app, viewer, "800x600.png")
        time.sleep(0.3)
        display.screenshot("viewer-fit")

        app.press("Right")
        wait_for(lambda: "4 / 4" in viewer.name, message="Right to show image 4")
        shown_image(app, viewer, "500x400.jpg")
        app.press("Left")
        wait_for(lambda: "3 / 4" in viewer.name, message="Left to go back to image 3")
        # The X window title says the same (window managers and task bars read that one).
        assert x_windows(display, re.escape("800x600.png — 3 / 4"))

        app.do_action(visible(app, viewer, "push button", "Zoom In"))
        app.do_action(visible(app, viewer, "push button", "Zoom In"))
        # The zoom level button names the level (it starts as "Best Fit", 100 % for this image).
        level = wait_for(lambda: zoom_percent(app, viewer), message="a zoom level")
        assert level > 100, level
        time.sleep(0.3)
        display.screenshot("viewer-zoomed")
    finally:
        app.stop()


def test_f11_fills_the_screen_and_escape_restores_the_size(display, server):
    url, _ = links_file(server)
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, THIRD)
        shown_image(app, viewer, "800x600.png")
        title = re.escape(viewer.name)
        _, x, y, width, height = x_window(display, title)
        assert (width, height) != display.size

        app.press("F11")
        wait_for(lambda: largest_x_window(display, title)[1:] == (0, 0, *display.size),
                 message="the viewer to cover the screen")
        time.sleep(0.5)
        display.screenshot("viewer-fullscreen")
        # Black to the very edge: no window border or resize frame left around the image.
        screen_width, screen_height = display.size
        for point in [(0, screen_height // 2), (screen_width - 1, screen_height // 2), (screen_width // 2, screen_height - 1)]:
            assert pixel(display, *point) == (0, 0, 0), point
        # The header bar gives way to floating controls.
        assert not [node for node in app.find_all(role="label", name=viewer.name, root=viewer)
                    if node.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height > 0]

        app.press("Escape")
        wait_for(lambda: largest_x_window(display, title)[3:] == (width, height),
                 message="the previous size back")
    finally:
        app.stop()


def test_the_mouse_pages_zooms_and_fills_the_screen(display, server):
    """Without a keyboard: drag the image aside to turn the page, the wheel to page back,
    Ctrl+wheel to zoom in and a double click back to best fit, a click on the image for
    fullscreen and back."""
    url, _ = links_file(server)
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, THIRD)
        canvas = shown_image(app, viewer, "800x600.png")[0]
        (cx, cy), _ = screen_centre(display, viewer, canvas)
        width = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width
        assert zoom_level(app, viewer) == "Best Fit"

        # A drag to the left by 40 % of the width: the image follows and the next one comes in.
        display.xdotool("mousemove", cx, cy)
        time.sleep(0.1)
        display.xdotool("mousedown", 1)
        for _ in range(10):
            display.xdotool("mousemove_relative", "--", -int(width * 0.04), 0)
            time.sleep(0.03)
        display.xdotool("mouseup", 1)
        wait_for(lambda: "4 / 4" in viewer.name, message="a drag to the left to turn to image 4")
        shown_image(app, viewer, "500x400.jpg")

        # The wheel at best fit turns pages: up is back.
        display.xdotool("mousemove", cx, cy)
        time.sleep(0.1)
        display.xdotool("click", 4)
        wait_for(lambda: "3 / 4" in viewer.name, message="the wheel to go back to image 3")
        shown_image(app, viewer, "800x600.png")
        time.sleep(0.4)  # the page slides in

        # Ctrl+wheel zooms in at the pointer, a double click goes back to best fit.
        display.xdotool("keydown", "ctrl", "click", 4, "click", 4, "keyup", "ctrl")
        zoomed = wait_for(lambda: zoom_percent(app, viewer), message="Ctrl+wheel to zoom in")
        assert zoomed > 100, zoomed
        assert "3 / 4" in viewer.name, "zooming must not turn the page"
        display.screenshot("viewer-ctrl-wheel-zoom")
        display.xdotool("click", "--repeat", 2, "--delay", 80, 1)
        wait_for(lambda: zoom_level(app, viewer) == "Best Fit", message="a double click to go back to best fit")
        title = re.escape(viewer.name)
        time.sleep(0.6)
        assert largest_x_window(display, title)[1:] != (0, 0, *display.size), "a double click is not a click"

        # One click on the image fills the screen; one more gives the window back.
        _, _, _, width_before, height_before = largest_x_window(display, title)
        display.xdotool("click", 1)
        wait_for(lambda: largest_x_window(display, title)[1:] == (0, 0, *display.size),
                 message="a click on the image to fill the screen")
        # The header moves into the fullscreen chrome: wait until its zoom button is back in the tree.
        level = wait_for(lambda: zoom_level(app, viewer), message="the zoom level shown in fullscreen")
        assert level == "Best Fit", "a click is not a zoom"
        time.sleep(0.6)
        display.screenshot("viewer-click-fullscreen")
        display.xdotool("mousemove", display.size[0] // 2, display.size[1] // 2)
        time.sleep(0.1)
        display.xdotool("click", 1)
        wait_for(lambda: largest_x_window(display, title)[3:] == (width_before, height_before),
                 message="a second click to give the window back")
    finally:
        app.stop()


def fake_xdg_open(folder):
    """A stand-in browser opener: writes its arguments, one per line, to argv.txt."""
    record = folder / "argv.txt"
    script = folder / "xdg-open"
    script.write_text(f'#!/bin/sh\nprintf "%s\\n" "$#" "$@" > "{record}.tmp" && mv "{record}.tmp" "{record}"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return record


def test_share_menu_opens_browser_and_copies_link(display, server):
    url, urls = links_file(server)
    bin_dir = Path(tempfile.mkdtemp(prefix="lg-bin-"))
    record = fake_xdg_open(bin_dir)
    app = App(display, url, extra_env={"PATH": f"{bin_dir}:{os.environ['PATH']}"})
    try:
        viewer = open_viewer(app, display, THIRD)
        shown_image(app, viewer, "800x600.png")

        share(app, viewer, "Open in Browser")
        wait_for(record.exists, message="xdg-open to run")
        assert record.read_text().splitlines() == ["1", urls[THIRD]]

        share(app, viewer, "Copy Link")
        def clipboard():
            result = subprocess.run(["xclip", "-o", "-selection", "clipboard"], env=display.env,
                                    capture_output=True, text=True, timeout=5)
            return result.stdout if result.returncode == 0 else None
        wait_for(lambda: clipboard() == urls[THIRD], message="the link on the clipboard")
        display.screenshot("viewer-link-copied")
    finally:
        app.stop()


def test_controls_and_menu_items_are_named(display, server):
    url, _ = links_file(server)
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, THIRD)
        for name in ["Previous", "Next", "Zoom In", "Zoom Out", "Fullscreen", "Share"]:
            visible(app, viewer, "push button", name)
        menu_button = visible(app, viewer, "push button", "Share")
        app.do_action(app.find_all(role="push button", name="Share", root=menu_button)[0])
        for name in ["Open in Browser", "Copy Link", "Copy Image", "Save Image As…"]:
            wait_for(lambda: [node for node in app.find_all(name=name) if "menu item" in node.getRoleName()],
                     message=f"menu item {name!r}")
        display.screenshot("viewer-share-menu")
    finally:
        app.stop()


def test_viewer_reuses_what_the_grid_downloaded(display, server):
    url, urls = links_file(server)
    app = App(display, url)
    try:
        wait_for(lambda: images_loaded(app, len(urls)), 30, message="the grid's thumbnails")
        path = LINES[THIRD]
        assert sum(1 for entry in server.log() if entry["path"] == path) == 1
        server.reset_log()

        viewer = open_viewer(app, display, THIRD)
        shown_image(app, viewer, "800x600.png")
        app.press("Right")
        shown_image(app, viewer, "500x400.jpg")
        time.sleep(0.5)
        image_requests = [entry["path"] for entry in server.log() if entry["path"].startswith("/img/")]
        assert image_requests == [], f"the viewer downloaded again: {image_requests}"
    finally:
        app.stop()


def animated_gif(frames=(("red", (230, 20, 20)), ("green", (20, 200, 20)), ("blue", (20, 20, 230))),
                 size=(320, 240), milliseconds=300):
    images = [Image.new("RGB", size, colour) for _, colour in frames]
    out = io.BytesIO()
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=milliseconds, loop=0)
    return out.getvalue()


def test_animated_gif_plays(display, server):
    # The fixture server's generated GIFs are single frames: serve a real animation from its root.
    # Two screenshots in a row must fit within one frame's time (below) for the order to be
    # checked. A screenshot of the whole screen takes about 0.25 s on a quiet machine and over
    # 2 s on a loaded one (seen: load 13 on 2 cores), and takes longer once the app runs beside
    # it (probes of 0.3 s here, then 0.9–2.3 s per screenshot with the app animating, at load 7:
    # frames of 1 s were never seen twice within one), so frames last at least 3 s and at least
    # four times the slowest of a few screenshots taken now.
    probes = []
    for _ in range(3):
        began = time.monotonic()
        pixel(display, 0, 0)
        probes.append(time.monotonic() - began)
    frame_seconds = max(3.0, 4 * max(probes))
    (server.root / "spinning.gif").write_bytes(animated_gif(milliseconds=int(frame_seconds * 1000)))
    url, _ = links_file(server, ["/img/640x480.jpg", "/spinning.gif"], name="animated.txt")
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, 1, image_count=2)
        shown_image(app, viewer, "spinning.gif")
        _, x, y, width, height = x_window(display, re.escape(viewer.name))
        centre = (x + width // 2, y + height // 2)

        def dominant(rgb):
            channel = max(range(3), key=lambda index: rgb[index])
            return ["red", "green", "blue"][channel] if rgb[channel] > 150 else None
        # (colour, when the screenshot began, when it ended): a screenshot of the whole screen
        # takes a quarter of a second here, longer on a busy machine.
        seen = []
        # In order, wrapping around: red → green → blue → red. Two screenshots taken within one
        # frame's time of each other have at most one frame change between them, so a
        # different colour must be the next frame's.
        following = {"red": "green", "green": "blue", "blue": "red"}
        checked = 0
        deadline = time.monotonic() + 12 * frame_seconds
        while time.monotonic() < deadline and (checked < 2 or len({colour for colour, _, _ in seen} - {None}) < 3):
            began = time.monotonic()
            colour = dominant(pixel(display, *centre))
            seen.append((colour, began, time.monotonic()))
            if len(seen) > 1:
                (before, earlier, _), (after, _, ended) = seen[-2], seen[-1]
                if before and after and before != after and ended - earlier < frame_seconds:
                    assert after == following[before], [colour for colour, _, _ in seen]
                    checked += 1
            time.sleep(0.05)
        colours = [colour for colour, _, _ in seen]
        assert {"red", "green", "blue"} <= set(colours), f"frames seen at the centre: {colours}"
        assert checked >= 2, f"too few frame changes seen close together to check their order: {seen}"
        display.screenshot("viewer-animated")
    finally:
        app.stop()
