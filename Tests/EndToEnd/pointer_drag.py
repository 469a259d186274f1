"""Drags with the mouse between X windows, as a hand does: press, move in steps (a drag starts
past a threshold, and the target needs motion to see it), release."""

import time


def window_center(display, name):
    _, x, y, width, height = display.toplevel(name)
    return x + width // 2, y + height // 2


def move_window(display, name, x, y):
    """Puts a helper window where the gallery does not cover it."""
    from harness import wait_for
    display.xdotool("windowmove", display.toplevel(name)[0], x, y)
    wait_for(lambda: window_center(display, name)[0] > x, message=f"the window {name!r} moved")
    return window_center(display, name)


def drag(display, start, end, steps=20, via=None):
    """From `start` to `end`, through `via` first when given (the direction a drag starts in)."""
    display.xdotool("mousemove", *start)
    display.xdotool("mousedown", "1")
    for begin, finish in ([(start, via), (via, end)] if via else [(start, end)]):
        for step in range(1, steps + 1):
            display.xdotool("mousemove", begin[0] + (finish[0] - begin[0]) * step // steps,
                            begin[1] + (finish[1] - begin[1]) * step // steps)
            time.sleep(0.05)  # pacing for the pointer, as a hand moves; nothing waits on it
    display.xdotool("mouseup", "1")
