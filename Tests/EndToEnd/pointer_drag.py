"""Drags with the mouse between X windows, as a hand does: press, move in steps (a drag starts
past a threshold, and the target needs motion to see it), release."""

import time


def window_center(display, name):
    window_id = display.xdotool("search", "--onlyvisible", "--name", name).split()[0]
    geometry = dict(line.split("=") for line in display.xdotool("getwindowgeometry", "--shell", window_id).split())
    return int(geometry["X"]) + int(geometry["WIDTH"]) // 2, int(geometry["Y"]) + int(geometry["HEIGHT"]) // 2


def move_window(display, name, x, y):
    """Puts a helper window where the gallery does not cover it."""
    from harness import wait_for
    display.xdotool("windowmove", display.xdotool("search", "--onlyvisible", "--name", name).split()[0], x, y)
    wait_for(lambda: window_center(display, name)[0] > x, message=f"the window {name!r} moved")
    return window_center(display, name)


def drag(display, start, end, steps=20):
    display.xdotool("mousemove", *start)
    display.xdotool("mousedown", "1")
    for step in range(1, steps + 1):
        display.xdotool("mousemove", start[0] + (end[0] - start[0]) * step // steps,
                        start[1] + (end[1] - start[1]) * step // steps)
        time.sleep(0.05)  # pacing for the pointer, as a hand moves; nothing waits on it
    display.xdotool("mouseup", "1")
