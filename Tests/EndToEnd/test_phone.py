"""The main window on a phone's screen (issue 54): asked for 360 × 720 it takes it — before, a
search bar of a fixed 360 px inside its padding held it at 430 — with three columns of cells
100–120 px wide, the header's controls and the opened filter bar inside the window."""

import pyatspi

from harness import App, wait_for
from test_grid_interaction import image_links, window_size


def inside(node, window):
    """The node's extents lie within the window's (both relative to the window)."""
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return extents.width > 0 and extents.x >= 0 and extents.x + extents.width <= window.width


def test_the_main_window_fits_a_phone(display, server):
    url = server.write("phone.txt", "\n".join(image_links(server, 7)))
    app = App(display, url)
    try:
        frame = app.window_named("Link Gallery")
        wait_for(lambda: len(app.tiles()) == 7, 30, message="seven tiles")
        display.xdotool("windowsize", display.toplevel("^Link Gallery$")[0], 360, 720)
        wait_for(lambda: window_size(display, "Link Gallery") == (360, 720), message="the window at 360 × 720")

        def laid_out():
            return frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        # GTK lays the window out at the X window's size less its frame.
        wait_for(lambda: laid_out().width <= 360, message="GTK to lay the window out at 360 px")
        window = laid_out()
        columns = wait_for(lambda: len({tile.queryComponent().getExtents(pyatspi.WINDOW_COORDS).x for tile in app.tiles()
                                        if tile.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width > 0}) == 3 and 3,
                           message="three columns")
        widths = {tile.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width for tile in app.tiles()}
        assert columns == 3 and all(100 <= width <= 120 for width in widths if width > 0), widths
        for name in ["Refresh", "Filter", "Select", "Main Menu"]:
            buttons = [node for node in app.find_all(role="push button", name=name, root=frame)
                       + app.find_all(role="toggle button", name=name, root=frame)]
            assert buttons and all(inside(button, window) for button in buttons), f"{name} inside the window"

        app.press("ctrl+f")
        entry = wait_for(lambda: next(iter(app.find_all(name="Filter by address", root=frame)), None),
                         message="the filter's text field")
        wait_for(lambda: inside(entry, window), message="the filter's text field inside the window")
        show = wait_for(lambda: next(iter(app.find_all(name="Show", root=frame)), None), message="the filter's kind")
        assert inside(show, window), "the filter's kind inside the window"
        assert window_size(display, "Link Gallery") == (360, 720), "the open filter bar kept the width"
        display.screenshot("phone-main-window")
    finally:
        app.stop()
