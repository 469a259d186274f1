"""The System style follows the desktop's light/dark preference (the Settings portal), live."""

import subprocess
from pathlib import Path

from harness import App, wait_for, read_line


def window_geometry(display):
    """The window's left, top, width and height on the screen."""
    return display.toplevel("^Link Gallery$")[1:]


def brightness(display, x, y):
    """Mean brightness (0–255) of a 20 × 4 px patch at `x`, `y` on the screen."""
    pixel = subprocess.run(["import", "-window", "root", "-crop", f"20x4+{x}+{y}", "-colorspace", "gray",
                            "-format", "%[fx:mean*255]", "info:-"], env=display.env, capture_output=True, text=True)
    return float(pixel.stdout)


def background(display):
    """The window's empty area, below the one tile."""
    left, top, width, height = window_geometry(display)
    return brightness(display, left + width // 2, top + height - 60)


def header(display):
    """The header bar between the Reload button and the subtitle, near its top and near its
    bottom: the app's flat bar is one colour where GTK 4.8's theme draws a gradient. 90 px from
    the left, well clear of the centred subtitle: a quarter of the width was reached by its text
    once the time in it ("updated 10:20 PM") grew a digit."""
    left, top, _, _ = window_geometry(display)
    return brightness(display, left + 90, top + 12), brightness(display, left + 90, top + 36)


def test_system_style_follows_the_portal_live(display, server):
    portal = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "fake_portal.py"), "dark"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert read_line(portal).strip() == "READY"
        app = App(display, server.write("style-portal.txt", server.url("/img/200x150.png") + "\n"))
        try:
            app.window_named("Link Gallery")
            wait_for(lambda: background(display) < 60, 10, message="a dark window")
            # The header bar is the app's own flat one, and follows the same style.
            top, bottom = header(display)
            assert top < 80 and abs(top - bottom) < 0.5, (top, bottom)
            display.screenshot("portal-dark")
            portal.stdin.write("light\n")
            portal.stdin.flush()
            wait_for(lambda: background(display) > 200, 10, message="the window turning light")
            top, bottom = header(display)
            assert top > 200 and abs(top - bottom) < 0.5, (top, bottom)
            display.screenshot("portal-light")
        finally:
            app.stop()
    finally:
        portal.stdin.close()
        portal.wait(5)
