"""A finger on the viewer's filmstrip (broadway + headless Chromium, real touch events): a tap
on a cell jumps to its picture. (A drag along the strip is not tested here: the strip of these
few pictures does not overflow the window, so there is nothing to scroll.)"""

from broadway import TouchApp
from harness import FixtureServer, wait_for
from test_touch import LINES, open_tile, tile_boxes

# The strip below the canvas: its top border, then the list's padding and the cell's frame
# (ViewerStylesheet) before the middle of a 64 px thumbnail.
STRIP_MIDDLE_BELOW_CANVAS = 1 + 6 + 3 + 32


def strip_cells(viewer):
    """The cells' left and right edges on the page, along the middle of the strip."""
    view = viewer.view()
    x, y, _, height = view.canvas
    row = int(y + height + STRIP_MIDDLE_BELOW_CANVAS)
    image = viewer.app.browser.screenshot()
    return row, [(left, right) for left, right in tile_boxes(image, row, background_x=int(x) + 2)]


def test_a_tap_on_a_strip_cell_turns_to_its_picture():
    server = FixtureServer()
    url = server.write("touch-strip.txt", "\n".join(server.url(line) for line in LINES) + "\n")
    app = TouchApp(url, settings={"filmstrip": "true"})
    try:
        viewer = open_tile(app, 0)
        row, boxes = wait_for(lambda: (lambda found: found if len(found[1]) == len(LINES) else None)(strip_cells(viewer)),
                              30, message="a thumbnail in the strip for each picture")
        app.browser.screenshot("touch-filmstrip")
        left, right = boxes[4]
        app.fingers.tap(((left + right) / 2, row))
        viewer.wait(lambda v: v.page == 4 and v.slide == 0, "a tap on the fifth cell to show the fifth picture")
        left, right = boxes[1]
        app.fingers.tap(((left + right) / 2, row))
        viewer.wait(lambda v: v.page == 1 and v.slide == 0, "a tap on the second cell")
    finally:
        app.stop()
        server.stop()
