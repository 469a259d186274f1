"""The filmstrip as a person going through a list uses it: shown by its header button and
remembered, the page shown marked, a click or Enter on a cell jumping there, a screen reader
naming every cell, and a list of 10,000 lines opening with a strip of a few dozen cells."""

import re
import time

import pyatspi

from harness import App, wait_for
from test_viewer import largest_x_window, links_file, open_viewer, screen_centre, shown_image, visible

LINES = [f"/img/{width}x{height}.png" for width, height in
         [(640, 480), (600, 400), (800, 600), (500, 400), (700, 500), (300, 600)]]
CELL = re.compile(r"(.+), (\d+) of (\d+)$")


def cells(app, viewer):
    """The strip's cells on screen: (position, name, node), by their accessible names."""
    found = []
    for node in app.find_all(root=viewer, contains=" of "):
        match = CELL.match(node.name or "")
        if match:
            found.append((int(match.group(2)), match.group(1), node))
    return sorted(found, key=lambda cell: cell[0])


def current_cell(app, viewer):
    marked = [position for position, _, node in cells(app, viewer) if node.getState().contains(pyatspi.STATE_SELECTED)]
    return marked[0] if len(marked) == 1 else None


def focused_cells(app, viewer):
    """The cell with the keyboard focus (the list's row around it holds it)."""
    def has_focus(node):
        return any(candidate.getState().contains(pyatspi.STATE_FOCUSED) for candidate in (node, node.parent) if candidate)
    return [position for position, _, node in cells(app, viewer) if has_focus(node)]


def toggle_strip(app, viewer):
    app.do_action(visible(app, viewer, "push button", "Filmstrip"))


def test_the_strip_shows_the_list_marks_the_page_and_jumps(display, server):
    url, _ = links_file(server, LINES)
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, 1, image_count=6)
        shown_image(app, viewer, "600x400.png")
        assert not cells(app, viewer), "the strip is hidden until asked for"
        toggle_strip(app, viewer)
        wait_for(lambda: len(cells(app, viewer)) == 6, message="a cell for each of the six pictures")
        assert [name for _, name, _ in cells(app, viewer)] == [line.split("/")[-1] for line in LINES]
        wait_for(lambda: current_cell(app, viewer) == 2, message="the page shown marked in the strip")
        display.screenshot("filmstrip-shown")

        # A click on the fifth cell turns to it; the strip follows a page turn by key too.
        position, _, node = cells(app, viewer)[4]
        point, corner = screen_centre(display, viewer, node)
        display.xdotool("mousemove", *corner)
        time.sleep(0.1)
        app.click(point)
        wait_for(lambda: "5 / 6" in viewer.name, message="a click on the fifth cell to show the fifth picture")
        shown_image(app, viewer, "700x500.png")
        wait_for(lambda: current_cell(app, viewer) == 5, message="the fifth cell marked")
        app.press("Right")
        wait_for(lambda: "6 / 6" in viewer.name and current_cell(app, viewer) == 6, message="Right marks the sixth")

        # By keyboard: Tab into the strip, Left to move between its cells, Enter to jump.
        for _ in range(30):
            focused = focused_cells(app, viewer)
            if focused:
                break
            app.press("Tab")
        assert focused, "Tab reaches the strip"
        start = focused[0]
        app.press("Left", "Left")
        wait_for(lambda: focused_cells(app, viewer) == [start - 2],
                 message="Left moves between the strip's cells, not the pages")
        assert "6 / 6" in viewer.name
        app.press("Return")
        wait_for(lambda: f"{start - 2} / 6" in viewer.name, message="Enter to jump to the focused cell")
        display.screenshot("filmstrip-keyboard-jump")

        # Fullscreen: the strip is over the picture's bottom with the controls, and goes with them.
        app.press("F11")
        wait_for(lambda: largest_x_window(display, re.escape(viewer.name))[1:] == (0, 0, *display.size),
                 message="F11 to fill the screen")
        display.xdotool("mousemove", display.size[0] // 2, display.size[1] // 3)
        display.xdotool("mousemove_relative", "--", 20, 20)
        wait_for(lambda: len(cells(app, viewer)) == 6, message="the strip back with the controls on a pointer move")
        display.screenshot("filmstrip-fullscreen")
        wait_for(lambda: not cells(app, viewer), 20, message="the strip gone with the controls once the pointer rests")
    finally:
        app.stop()

    # Remembered: the next viewer opens with the strip.
    again = App(display, url, home=app.home)
    try:
        viewer = open_viewer(again, display, 0, image_count=6)
        wait_for(lambda: current_cell(again, viewer) == 1, message="the strip shown again after a relaunch")
    finally:
        again.stop()


def test_a_list_of_ten_thousand_lines_opens_with_a_strip_of_a_few_cells(display, server):
    count = 10_000
    lines = [f"/img?w=32&h=24&fmt=png&seed={n}" for n in range(count)]
    url, _ = links_file(server, lines, name="ten-thousand.txt")
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, 0, image_count=count)
        toggle_strip(app, viewer)
        wait_for(lambda: current_cell(app, viewer) == 1, message="the first cell marked")
        made = cells(app, viewer)
        assert all(CELL.match(node.name).group(3) == str(count) for _, _, node in made), "every cell counts the whole list"
        # GTK 4.8's list view keeps about 200 cells around the one in view, whatever the length.
        assert 5 <= len(made) <= 250, f"{len(made)} cells made for {count} lines"
        server.reset_log()
        app.press("End")
        wait_for(lambda: f"{count} / {count}" in viewer.name, message="End to the last picture")
        wait_for(lambda: current_cell(app, viewer) == count, message="the strip scrolled to the last cell")
        assert len(cells(app, viewer)) <= 250
        # Only the cells on screen ask for their thumbnails: not the 200 the list keeps bound.
        def seeds_asked():
            return {int(entry["path"].rsplit("seed=", 1)[1]) for entry in server.log() if "seed=" in entry["path"]}
        wait_for(lambda: count - 1 in seeds_asked(), message="the last picture and its thumbnail asked for")
        time.sleep(1)  # anything more the strip would ask for
        asked = seeds_asked()
        assert len(asked) <= 30, f"{len(asked)} pictures asked for near the end: {sorted(asked)}"
        display.screenshot("filmstrip-ten-thousand-end")
    finally:
        app.stop()
