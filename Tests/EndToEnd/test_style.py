"""The System style follows the desktop's light/dark preference (the Settings portal), live."""

import subprocess
from pathlib import Path

from harness import App, wait_for


def background_brightness(display):
    """Mean brightness (0–255) of a patch of the window's empty area."""
    window_id = display.xdotool("search", "--onlyvisible", "--name", "^Link Gallery$").split()[0]
    geometry = dict(line.split("=") for line in display.xdotool("getwindowgeometry", "--shell", window_id).split())
    x = int(geometry["X"]) + int(geometry["WIDTH"]) // 2
    y = int(geometry["Y"]) + int(geometry["HEIGHT"]) - 60
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
            wait_for(lambda: background_brightness(display) < 60, 10, message="a dark window")
            display.screenshot("portal-dark")
            portal.stdin.write("light\n")
            portal.stdin.flush()
            wait_for(lambda: background_brightness(display) > 200, 10, message="the window turning light")
            display.screenshot("portal-light")
        finally:
            app.stop()
    finally:
        portal.stdin.close()
        portal.wait(5)
