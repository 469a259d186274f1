"""Zoom levels as a person uses them going through a series: the zoom level button's menu
(Best Fit, 50 to 400 %, a level typed in) and "Keep Zoom When Paging", which shows the next
picture at the same level around the same point of it."""

import time

import pyatspi

from harness import App, wait_for
from test_viewer import links_file, open_viewer, pixel, screen_centre, shown_image, visible, zoom_level

# The fixture server's pictures are gradients: red follows x, green follows y, so the colour
# at the middle of the view says which point of the picture is there, whatever its size.
LINES = ["/img/800x600.png", "/img/1200x900.png"]


def open_zoom_menu(app, viewer):
    button = visible(app, viewer, "push button", "Zoom Level")
    inner = [node for node in app.find_all(role="push button", root=button) if node.name != "Zoom Level"]
    app.do_action(inner[0])


def open_menu_item(app, name):
    """The item of an open menu (a closed GtkPopoverMenu leaves the tree)."""
    return next((node for node in app.find_all(name=name) if "menu item" in node.getRoleName()), None)


def menu_item(app, name):
    return wait_for(lambda: open_menu_item(app, name), message=f"menu item {name!r}")


def choose(app, viewer, item):
    open_zoom_menu(app, viewer)
    entry = menu_item(app, item)
    app.do_action(entry)
    # Keys go to the menu while it is open.
    wait_for(lambda: open_menu_item(app, item) is None, message=f"the menu to close after {item!r}")


def middle_colour(display, point):
    """Red and green at the middle of the view: where on the picture it is."""
    return pixel(display, *point)[:2]


def near(colour, reference, tolerance=6):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, reference))


def test_a_zoom_level_chosen_from_the_menu_is_kept_across_a_page_turn(display, server):
    url, _ = links_file(server, LINES)
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, 0, image_count=2)
        canvas = shown_image(app, viewer, "800x600.png")[0]
        (cx, cy), _ = screen_centre(display, viewer, canvas)
        fitted = wait_for(lambda: (lambda a, b: a if a == b else None)(middle_colour(display, (cx, cy)),
                                                                         middle_colour(display, (cx, cy))),
                          message="the first picture drawn and still")

        choose(app, viewer, "200 %")
        wait_for(lambda: zoom_level(app, viewer) == "200 %", message="the menu's 200 %")
        # Zoomed around the middle: the same point of the picture is still there.
        assert near(middle_colour(display, (cx, cy)), fitted), (middle_colour(display, (cx, cy)), fitted)

        # Drag the picture aside: the middle of the view is now up and left of the picture's.
        display.xdotool("mousemove", cx, cy)
        time.sleep(0.1)
        display.xdotool("mousedown", 1)
        for _ in range(10):
            display.xdotool("mousemove_relative", "--", 15, 10)
            time.sleep(0.03)
        display.xdotool("mouseup", 1)
        wait_for(lambda: not near(middle_colour(display, (cx, cy)), fitted, 20), message="the drag to move the picture")
        wait_for(lambda: zoom_level(app, viewer) == "200 %" and "1 / 2" in viewer.name,
                 message="a drag at 200 % to move the picture, not to turn the page")
        wait_for(lambda: len({middle_colour(display, (cx, cy)) for _ in range(2)}) == 1, message="the pan to settle")
        here = middle_colour(display, (cx, cy))
        display.screenshot("zoom-kept-first")

        choose(app, viewer, "Keep Zoom When Paging")
        app.press("Right")
        wait_for(lambda: "2 / 2" in viewer.name, message="the next picture")
        shown_image(app, viewer, "1200x900.png")
        wait_for(lambda: zoom_level(app, viewer) == "200 %", message="the next picture at the kept 200 %")
        # A larger picture, the same point of it in the middle.
        wait_for(lambda: near(middle_colour(display, (cx, cy)), here), 20,
                 message=f"the point {here} of the first picture in the middle of the second")
        display.screenshot("zoom-kept-second")

        # Back, and the choice is a check in the menu; a level typed in is taken too.
        open_zoom_menu(app, viewer)
        keep = menu_item(app, "Keep Zoom When Paging")
        assert keep.getState().contains(pyatspi.STATE_CHECKED), "Keep Zoom When Paging shows as on"
        field = wait_for(lambda: next((node for node in app.find_all(name="Zoom Level in Percent")
                                       if node.getRoleName() == "text"), None), message="the level field")
        # Down through the menu's items to the field, as a person with a keyboard goes.
        for _ in range(8):
            if field.getState().contains(pyatspi.STATE_FOCUSED):
                break
            app.press("Down")
        assert field.getState().contains(pyatspi.STATE_FOCUSED), "Down reaches the level field"
        display.xdotool("type", "150")
        display.screenshot("zoom-level-typed")
        app.press("Return")
        wait_for(lambda: zoom_level(app, viewer) == "150 %", message="the typed 150 %")
        app.press("0")
        wait_for(lambda: zoom_level(app, viewer) == "Best Fit", message="0 for best fit")
        app.press("Left")
        wait_for(lambda: "1 / 2" in viewer.name, message="the first picture again")
        # A kept zoom is given in the same step that names the canvas after its picture.
        shown_image(app, viewer, "800x600.png")
        wait_for(lambda: zoom_level(app, viewer) == "Best Fit", message="best fit kept as well")
    finally:
        app.stop()
