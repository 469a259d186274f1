"""The viewer by fingers on a phone (issue 54; broadway + headless Chromium, real touch events):
both windows at 360 × 720 (the sizes they were last closed at, as a phone's compositor gives
them). A tap on a thumbnail opens the picture, a swipe turns the page, a pinch zooms around the
fingers, a long press opens the picture's menu inside the window's width, a tap elsewhere
closes it."""

from broadway import TouchApp
from harness import FixtureServer, wait_for
from test_touch import LINES, Viewer, mark_surfaces, new_menus, pinch, swipe_and_settle, tile_boxes

PHONE = {"window-width": "360", "window-height": "720", "viewer-width": "360", "viewer-height": "720"}


def phone_viewer(app):
    """Taps the first thumbnail and returns the viewer, its surface found as the topmost
    window-sized element (test_touch's looks for one wider than a phone)."""
    boxes = wait_for(lambda: (lambda found: found if len(found) >= 3 else None)(tile_boxes(app.browser.screenshot(), 110)),
                     60, message="three columns of thumbnails at 360 px")
    left, right = boxes[0]
    app.fingers.tap(((left + right) / 2, 110))
    viewer = Viewer(app)
    viewer.wait(lambda v: v.page == 0 and v.fit, "the viewer on the tapped page")
    found = app.browser.call("Runtime.evaluate", returnByValue=True, expression=(
        "Array.from(document.body.children).filter(e => e.offsetWidth >= 340 && e.offsetHeight >= 600)"
        ".sort((a, b) => (+b.style.zIndex) - (+a.style.zIndex))"
        ".map(e => [e.offsetLeft, e.offsetTop, e.offsetWidth])[0]"))["result"]["value"]
    viewer.surface = (float(found[0]), float(found[1]))
    viewer.width = float(found[2])
    return viewer


def test_the_viewer_by_fingers_at_360_pixels():
    server = FixtureServer()
    url = server.write("touch-phone.txt", "\n".join(server.url(line) for line in LINES) + "\n")
    app = TouchApp(url, settings=PHONE)
    try:
        viewer = phone_viewer(app)
        start = viewer.view()
        assert start.canvas[2] <= 360, f"the picture's canvas fits the phone: {start.canvas}"
        app.browser.screenshot("phone-viewer")

        # A swipe to the left turns to the next page.
        turned = swipe_and_settle(viewer, start, -200, 150)
        assert turned.page == 1 and turned.fit, turned

        # A pinch zooms by the fingers' ratio.
        level = pinch(viewer, turned.picture_centre, 60, 150)
        assert level > turned.level * 1.8, f"pinched from {turned.level:.2f} to {level:.2f}"
        app.browser.screenshot("phone-viewer-pinched")
        viewer.fingers.double_tap(viewer.view().picture_centre)
        fitted = viewer.wait(lambda v: v.fit, "a double tap back to best fit")

        # A long press opens the picture's menu, inside the phone's width.
        mark_surfaces(app)
        viewer.fingers.press(fitted.picture_centre)
        menu = wait_for(lambda: (new_menus(app) or [None])[0], message="the picture's menu by a long press")
        viewer.fingers.lift()
        app.browser.screenshot("phone-viewer-menu")
        left = viewer.surface[0]
        assert menu[0] >= left - 8 and menu[0] + menu[2] <= left + viewer.width + 8, f"the menu {menu} within the window"
        viewer.fingers.tap(fitted.to_page(20, 20))
        wait_for(lambda: not new_menus(app), message="a tap elsewhere to close the menu")
        assert viewer.view().page == 1
    finally:
        app.stop()
        server.stop()
