"""The System style follows the desktop's light/dark preference (the Settings portal), live."""

import subprocess
from pathlib import Path

from harness import App, wait_for


def brightness(display, part):
    """Mean brightness (0–255) of a 20 px patch of the window: `part` "background" (its empty
    area) or "header" (the header bar, between its buttons and the title)."""
    window_id = display.xdotool("search", "--onlyvisible", "--name", "^Link Gallery$").split()[0]
    geometry = dict(line.split("=") for line in display.xdotool("getwindowgeometry", "--shell", window_id).split())
    if part == "header":
        x, y = int(geometry["X"]) + int(geometry["WIDTH"]) // 4, int(geometry["Y"]) + 14
    else:
        x, y = int(geometry["X"]) + int(geometry["WIDTH"]) // 2, int(geometry["Y"]) + int(geometry["HEIGHT"]) - 60
    pixel = subprocess.run(["import", "-window", "root", "-crop", f"20x20+{x}+{y}", "-colorspace", "gray",
                            "-format", "%[fx:mean*255]", "info:-"], env=display.env, capture_output=True, text=True)
    return float(pixel.stdout)


def test_system_style_follows_the_portal_live(display, server):
    portal = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "fake_portal.py"), "dark"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert portal.stdout.readline().strip() == "READY"
        app = App(display, server.write("style-portal.txt", server.url("/img/200x150.png") + "\n"))
        try:
            app.window_named("Link Gallery")
            wait_for(lambda: brightness(display, "background") < 60, 10, message="a dark window")
            # The header bar is drawn by the app's own CSS too, and follows the same style.
            assert brightness(display, "header") < 80
            display.screenshot("portal-dark")
            portal.stdin.write("light\n")
            portal.stdin.flush()
            wait_for(lambda: brightness(display, "background") > 200, 10, message="the window turning light")
            assert brightness(display, "header") > 200
            display.screenshot("portal-light")
        finally:
            app.stop()
    finally:
        portal.stdin.close()
        portal.wait(5)
