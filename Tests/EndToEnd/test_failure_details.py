"""Why a picture failed, as a person filing a bug report reads it: a failed tile's Details
button and its menu, and a failed page's Details, open a window with the address asked and
the one that answered after redirects, the server's status, type and sizes, the reason in
words and when; Copy Details puts it all on the clipboard; Retry loads again. A 404 behind a
redirect, a damaged JPEG, and a decoder that crashes (a worker failure)."""

from datetime import datetime

import pyatspi

from harness import App, wait_for
from test_grid_interaction import clipboard, focus_grid, focused_tile_index, window_size
from test_viewer import open_viewer, visible


def tile_named(app, fragment):
    return next((tile for tile in app.tiles() if fragment in (tile.name or "")), None)


def details_window(app):
    return app.window_named("Failure Details")


def rows(app, window):
    """The dialog's values as a screen reader reads them: "label: value"."""
    return {node.name for node in app.find_all(role="label", root=window) if ": " in (node.name or "")}


def details_of_tile(app, display, fragment):
    tile = wait_for(lambda: tile_named(app, fragment), 60, message=f"the failed tile {fragment}")
    button = wait_for(lambda: next(iter(app.find_all(role="push button", name="Details", root=tile)), None),
                      message="the failed tile's Details button")
    app.do_action(button)
    return details_window(app)


def close(app, window):
    app.do_action(visible(app, window, "push button", "Close"))
    wait_for(lambda: not any("Failure Details" in (w.name or "") for w in app.windows()), message="the details closed")


def test_a_404_behind_a_redirect_and_a_damaged_picture_say_why(display, server):
    missing = server.url("/redirect/fault/404?details")
    damaged = server.url("/fault/truncated.jpg?details")
    good = server.url("/img/320x240.png?details")
    app = App(display, server.write("details.txt", "\n".join([missing, damaged, good]) + "\n"))
    try:
        window = details_of_tile(app, display, f"{missing} (")
        said = wait_for(lambda: rows(app, window) or None, message="the details' rows")
        assert f"Address: {missing}" in said, said
        assert f"Answered by: {server.url('/fault/404?details')}" in said, said
        assert "Server's answer: 404 Not Found" in said, said
        assert "Type: text/html" in said, said
        sizes = {row.split(": ", 1)[0]: row.split(": ", 1)[1] for row in said if row.startswith(("Announced size", "Received"))}
        assert sizes["Received"] == sizes["Announced size"] != "0 bytes", sizes  # the whole error page came
        assert any(row.startswith("Tried: ") for row in said), said
        display.screenshot("failure-details-404")
        app.do_action(visible(app, window, "push button", "Copy Details"))
        copied = wait_for(lambda: (lambda text: text if text and text.startswith("Address: ") else None)(clipboard(display)),
                          message="the details on the clipboard")
        assert f"Answered by: {server.url('/fault/404?details')}" in copied and "404 Not Found" in copied, copied
        close(app, window)

        # The damaged picture's page in the viewer: its error page offers Details too.
        viewer = open_viewer(app, display, 1, image_count=3)
        app.do_action(visible(app, viewer, "push button", "Details"))
        window = details_window(app)
        said = wait_for(lambda: rows(app, window) or None, message="the page's details")
        assert "Server's answer: 200 OK" in said and "Type: image/jpeg" in said, said
        assert any(row.startswith("Reason: Damaged Image") for row in said), said
        assert any(row.startswith("Received: ") and "bytes" in row for row in said), said
        display.screenshot("failure-details-damaged")
        app.press("Escape")
        wait_for(lambda: not any("Failure Details" in (w.name or "") for w in app.windows()), message="Escape closes")
    finally:
        app.stop()


def test_a_worker_failure_is_said_and_the_tile_menu_offers_details(display, server):
    picture = server.url("/img/400x300.jpg?details-worker")
    app = App(display, server.write("details-worker.txt", picture + "\n"), extra_env={"LINK_GALLERY_WORKER_FAULT": "crash"})
    try:
        wait_for(lambda: tile_named(app, "(Could not decode)"), 60, message="the tile to fail in the worker")
        window, said = open_tile_menu_details(app)
        assert any(row.startswith("Reason: The Picture Could Not Be Decoded") for row in said), said
        assert "Server's answer: 200 OK" in said and "Type: image/jpeg" in said, said
        display.screenshot("failure-details-worker")
        first = tried(said)
        # Retry's attempt is told from the first by when it failed: the clock past that second.
        wait_for(lambda: datetime.now().replace(microsecond=0) > first, 5, message="a second later")
        app.do_action(visible(app, window, "push button", "Retry"))
        wait_for(lambda: not any("Failure Details" in (w.name or "") for w in app.windows()), message="Retry closes")
        # Tried again, and failed again (the worker still crashes): the tile's Details say when.
        wait_for(lambda: tried(tile_menu_details(app)) > first, 60, message="a second attempt, failed later than the first")
        assert tile_named(app, "(Could not decode)"), "the tile says why again"
    finally:
        app.stop()


def tried(said):
    """When the details say the picture was tried, to the second (the app's English format)."""
    row = next(row for row in said if row.startswith("Tried: "))
    return datetime.strptime(row[len("Tried: "):], "%b %d, %Y, %I:%M:%S %p")


def tile_menu_details(app):
    """The first tile's Failure Details… from its menu, read and closed again."""
    window, said = open_tile_menu_details(app)
    close(app, window)
    return said


def open_tile_menu_details(app):
    """The first tile's Failure Details… window, opened from its menu, and its rows."""
    focus_grid(app)
    app.press("Home")
    wait_for(lambda: focused_tile_index(app) == 0, message="the tile focused")
    app.press("shift+F10")
    item = wait_for(lambda: next((node for node in app.find_all(name="Failure Details…")
                                  if node.getRoleName() == "menu item"), None), message="Failure Details… in the tile menu")
    app.do_action(item)
    window = details_window(app)
    said = wait_for(lambda: rows(app, window) or None, message="the details' rows")
    return window, said


def test_the_details_fit_a_phone(display, server):
    """Over a main window of 360 px (issue 54) the dialog is no wider: each label over its value,
    the buttons one over another, every one inside the screen's width."""
    missing = server.url("/redirect/fault/404?details-phone")
    app = App(display, server.write("details-phone.txt", missing + "\n"))
    try:
        wait_for(lambda: tile_named(app, f"{missing} ("), 60, message="the failed tile")
        display.xdotool("windowsize", display.toplevel("^Link Gallery$")[0], 360, 720)
        wait_for(lambda: window_size(display, "Link Gallery") == (360, 720), message="the main window at 360 × 720")
        frame = app.window_named("Link Gallery")
        wait_for(lambda: frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width <= 360,
                 message="GTK to lay the window out at 360 px")
        window = details_of_tile(app, display, f"{missing} (")
        wait_for(lambda: rows(app, window) or None, message="the details' rows")
        width, _ = wait_for(lambda: window_size(display, "Failure Details"), message="the dialog's size")
        assert width <= 360, f"the dialog is {width} px wide"
        extents = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        for name in ["Copy Details", "Retry", "Close"]:
            button = visible(app, window, "push button", name).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            assert button.x >= 0 and button.x + button.width <= extents.width, f"{name} inside the dialog"
        display.screenshot("failure-details-phone")
        close(app, window)
    finally:
        app.stop()
