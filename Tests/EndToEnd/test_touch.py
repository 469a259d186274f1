"""Touch as a person with a touchscreen uses it, with real touch events (broadway + headless
Chromium, see broadway.py): pinch zoom that follows the fingers, swipe paging, kinetic panning,
taps, double taps and long presses in the viewer, and taps, long presses and flicks in the grid.

State comes from the app's trace (`viewer-view` after every frame that changed the viewer) and
from screenshots of the page, since broadway has no accessibility bus. Figures go to stdout
(`pytest -s`) and screenshots to $LINK_GALLERY_SCREENSHOTS/link-gallery-e2e/touch-*.png.
"""

import math

import pytest

from broadway import TouchApp, parse_fields
from harness import wait_for

# Page 3 is a small picture (never enlarged past 100 % at best fit), page 4 a large one.
LINES = ["/img/640x480.jpg", "/img/600x400.png", "/img/800x600.png", "/img/260x195.png",
         "/img/1600x1200.jpg", "/img/500x400.jpg"]
SMALL, LARGE, LAST = 3, 4, len(LINES) - 1


class View:
    """One `viewer-view` trace line, with page-pixel helpers."""

    def __init__(self, line, surface):
        fields = parse_fields(line)
        self.page = int(fields["page"])
        self.level = float(fields.get("level", "nan"))
        self.fit = fields.get("fit") == "1"
        self.slide = float(fields["slide"])
        self.rect = tuple(map(float, fields["rect"].split(","))) if "rect" in fields else None
        cx, cy, cw, ch = map(float, fields["canvas"].split(","))
        self.canvas = (surface[0] + cx, surface[1] + cy, cw, ch)
        self.image = tuple(map(int, fields["image"].split("x"))) if "image" in fields else None

    def to_page(self, x, y):
        return self.canvas[0] + x, self.canvas[1] + y

    @property
    def picture_centre(self):
        x, y, w, h = self.rect
        return self.to_page(x + w / 2, y + h / 2)

    def image_point(self, page_point):
        """The image pixel drawn at a page point."""
        x, y, _, _ = self.rect
        scale = self.rect[2] / self.image[0]
        return ((page_point[0] - self.canvas[0] - x) / scale, (page_point[1] - self.canvas[1] - y) / scale)

    def page_point(self, image_point):
        x, y, _, _ = self.rect
        scale = self.rect[2] / self.image[0]
        return self.to_page(x + image_point[0] * scale, y + image_point[1] * scale)

    def __repr__(self):
        return f"View(page={self.page} level={self.level:.3f} fit={self.fit} rect={self.rect} slide={self.slide})"


class Viewer:
    """The app with its viewer open, driven by fingers."""

    def __init__(self, app):
        self.app = app
        self.fingers = app.fingers
        self.surface = (0.0, 0.0)

    def views(self):
        return [View(line, self.surface) for line in self.app.trace.events("viewer-view")]

    def view(self):
        views = self.views()
        return views[-1] if views else None

    def wait(self, predicate, message, timeout=30):
        """Waits until the latest view satisfies `predicate`; returns that view."""
        def check():
            current = self.view()
            return current if current is not None and current.rect and predicate(current) else None
        return wait_for(check, timeout, message=f"{message} (last: {self.view()})")

    def mark(self):
        """How many views were traced so far, to look only at what follows."""
        return len(self.app.trace.events("viewer-view"))

    def views_since(self, mark):
        return self.views()[mark:]

    def go_to(self, page):
        """Best fit on `page`, by taps on the header's Previous and Next buttons."""
        current = self.view()
        if not current.fit:
            self.fingers.double_tap(current.picture_centre)
            current = self.wait(lambda v: v.fit and v.level == v.level, "best fit again")
        while current.page != page:
            step = 1 if page > current.page else -1
            x = self.surface[0] + (72 if step > 0 else 38)
            self.fingers.tap((x, self.surface[1] + 35))
            current = self.wait(lambda v, p=current.page + step: v.page == p and v.slide == 0 and v.fit,
                                f"page {current.page + step}")
        return current


def tile_boxes(image, row_y, background_x=17):
    """Left and right edges of the thumbnails crossing the page row `row_y`: runs of pixels
    unlike the grid's background (read just inside the window's left edge)."""
    background = image.getpixel((background_x, row_y))
    boxes, start = [], None
    for x in range(background_x, image.width):
        pixel = image.getpixel((x, row_y))
        differs = max(abs(a - b) for a, b in zip(pixel, background)) > 10
        if differs and start is None:
            start = x
        elif not differs and start is not None:
            if x - start > 40:
                boxes.append((start, x))
            start = None
    return boxes


def open_tile(app, index, row_y=110):
    """Taps the grid's `index`-th thumbnail (first row) and returns the viewer."""
    def boxes_when_shown():
        boxes = tile_boxes(app.browser.screenshot(), row_y)
        return boxes if len(boxes) > index else None
    boxes = wait_for(boxes_when_shown, 60, message="thumbnails on screen")
    left, right = boxes[index]
    app.fingers.tap(((left + right) / 2, row_y))
    viewer = Viewer(app)
    viewer.wait(lambda v: v.page == index and v.fit, "the viewer on the tapped page")
    viewer.surface = viewer_surface(app)
    return viewer


def viewer_surface(app):
    """Broadway draws each window's surface as an absolutely placed element: the viewer's is
    the topmost as big as a window (popovers are smaller)."""
    found = app.browser.call("Runtime.evaluate", returnByValue=True, expression=(
        "Array.from(document.body.children).filter(e => e.offsetWidth > 600)"
        ".sort((a, b) => (+b.style.zIndex) - (+a.style.zIndex))"
        ".map(e => [e.offsetLeft, e.offsetTop])[0]"))["result"]["value"]
    return float(found[0]), float(found[1])


@pytest.fixture(scope="module")
def viewer(request):
    from harness import FixtureServer
    server = FixtureServer()
    url = server.write("touch.txt", "\n".join(server.url(line) for line in LINES) + "\n")
    app = TouchApp(url)
    try:
        yield open_tile(app, SMALL)
    finally:
        app.stop()
        server.stop()


def spread(centre, distance, angle=0.0):
    dx, dy = math.cos(angle) * distance / 2, math.sin(angle) * distance / 2
    return (centre[0] - dx, centre[1] - dy), (centre[0] + dx, centre[1] + dy)


def pinch(viewer, centre, start_distance, end_distance, end_centre=None):
    """Returns the level the pinch left when the fingers lifted (the app's `viewer-pinch-end`)."""
    end_centre = end_centre or centre
    a, b = spread(centre, start_distance, 0.3)
    c, d = spread(end_centre, end_distance, 0.3)
    ended = viewer.app.trace.count("viewer-pinch-end")
    viewer.fingers.pinch(a, b, c, d)
    wait_for(lambda: viewer.app.trace.count("viewer-pinch-end") > ended, message="the pinch to end")
    return float(parse_fields(viewer.app.trace.last("viewer-pinch-end"))["level"])


# MARK: Pinch


@pytest.mark.parametrize("factor", [2, 5])
def test_a_pinch_zooms_by_the_fingers_ratio_around_them(viewer, factor):
    """The old code passes this too once every touch reaches the app: the 103 % the issue
    measured came from touches lost in the browser (see Browser.TOUCH_SHIELD)."""
    start = viewer.go_to(SMALL)
    centre = start.picture_centre
    pinned = start.image_point(centre)
    level = pinch(viewer, centre, 80, 80 * factor)
    end = viewer.wait(lambda v: v.level == level, "the pinch's last frame")
    shift = [a - b for a, b in zip(end.page_point(pinned), centre)]
    print(f"pinch {factor}x: level {start.level:.3f} -> {end.level:.3f} (ratio {end.level / start.level:.3f}), "
          f"image point under the fingers moved {shift[0]:+.1f},{shift[1]:+.1f} px")
    viewer.app.browser.screenshot(f"pinch-{factor}x")
    assert end.page == SMALL
    assert end.level / start.level == pytest.approx(factor, rel=0.1)
    assert math.hypot(*shift) < 8


def test_a_pinch_pans_with_the_fingers(viewer):
    """Spreading 5× while both fingers move: the image point first under them stays under them.
    Fails on the old code: the point ended 114, 82 px away from the fingers."""
    start = viewer.go_to(SMALL)
    centre = start.picture_centre
    pinned = start.image_point(centre)
    moved = (centre[0] + 90, centre[1] + 60)
    level = pinch(viewer, centre, 80, 400, end_centre=moved)
    end = viewer.wait(lambda v: v.level == level, "the pinch's last frame")
    shift = [a - b for a, b in zip(end.page_point(pinned), moved)]
    print(f"pinch 5x moving (+90,+60): level {end.level:.3f}, image point off the fingers by "
          f"{shift[0]:+.1f},{shift[1]:+.1f} px")
    viewer.app.browser.screenshot("pinch-pan")
    assert end.page == SMALL
    assert end.level == pytest.approx(5, rel=0.1)
    assert math.hypot(*shift) < 8


def test_pinching_below_best_fit_springs_back(viewer):
    """Fails on the old code: it stayed below best fit after the fingers lifted."""
    start = viewer.go_to(SMALL)
    mark = viewer.mark()
    pinch(viewer, start.picture_centre, 300, 100)
    viewer.wait(lambda v: v.fit, "best fit again after the fingers lifted")
    smallest = min(v.level for v in viewer.views_since(mark))
    print(f"pinch to 1/3: smallest level while the fingers were down {smallest:.3f}, back to best fit")
    assert smallest < 0.5 * start.level
    assert viewer.view().level == pytest.approx(start.level)


def test_a_pinch_never_turns_the_page(viewer):
    """Both fingers drift 350 px left while spreading: the page stays."""
    start = viewer.go_to(SMALL)
    centre = start.picture_centre
    level = pinch(viewer, centre, 100, 160, end_centre=(centre[0] - 350, centre[1]))
    end = viewer.wait(lambda v: v.slide == 0 and v.level == level, "the pinch's last frame")
    assert level == pytest.approx(1.6, rel=0.1)
    assert end.page == SMALL
    assert all(v.page == SMALL for v in viewer.views())


# MARK: Swipe paging


def swipe_and_settle(viewer, start, dx, duration_ms, steps=10):
    mark = viewer.mark()
    begin = start.picture_centre
    viewer.fingers.swipe(begin, (begin[0] + dx, begin[1]), duration_ms, steps)
    # Either the page turned, or the picture is back in place after having moved.
    return viewer.wait(lambda v: v.slide == 0 and (v.page != start.page or any(
        w.slide != 0 for w in viewer.views_since(mark))), "the swipe to settle")


@pytest.mark.parametrize("dx, duration_ms, turns", [
    (-550, 250, True),    # the quick swipe
    (-150, 100, True),    # a short flick (1500 px/s)
    (-300, 1500, True),   # slow, but past a fifth of the width
    (-120, 1200, False),  # slow and short: springs back
    (-60, 200, False),    # short and not fast enough for a flick (300 px/s)
    (120, 1200, False),
    (250, 200, True),     # back to the previous page
])
def test_a_swipe_at_best_fit_turns_the_page_or_springs_back(viewer, dx, duration_ms, turns):
    start = viewer.go_to(SMALL)
    end = swipe_and_settle(viewer, start, dx, duration_ms)
    expected = start.page + ((1 if dx < 0 else -1) if turns else 0)
    print(f"swipe {dx:+d} px in {duration_ms} ms ({abs(dx) / duration_ms * 1000:.0f} px/s) at best fit: "
          f"page {start.page} -> {end.page}, release speed {viewer.app.trace.last('viewer-drag-end')} px/s")
    viewer.app.browser.screenshot(f"swipe{dx:+d}-{duration_ms}")
    assert end.page == expected
    assert end.fit  # a swipe never zooms


def test_the_picture_follows_the_finger_and_resists_at_the_ends(viewer):
    """Held mid-swipe the picture is under the finger; past the last page it moves a third.
    Fails on the old code: its resistance compounded on every move."""
    start = viewer.go_to(SMALL)
    begin = start.picture_centre
    viewer.fingers.press(begin)
    viewer.fingers.move([(begin[0] - 60, begin[1])])
    viewer.fingers.move([(begin[0] - 120, begin[1])])
    held = viewer.wait(lambda v: v.slide <= -100, "the picture under the finger")
    viewer.app.browser.screenshot("swipe-held")
    viewer.fingers.move([(begin[0], begin[1])])
    viewer.wait(lambda v: v.slide == 0, "the picture back under the finger")
    viewer.fingers.lift()
    print(f"mid-swipe: finger -120 px, picture {held.slide:+.0f} px")
    assert held.slide == pytest.approx(-120, abs=2)

    last = viewer.go_to(LAST)
    begin = last.picture_centre
    viewer.fingers.press(begin)
    for step in range(1, 7):
        viewer.fingers.move([(begin[0] - 50 * step, begin[1])])
    resisted = viewer.wait(lambda v: v.slide <= -95, "the last page to move a little")
    viewer.app.browser.screenshot("swipe-resisted")
    viewer.fingers.lift()
    end = viewer.wait(lambda v: v.slide == 0, "the last page back in place")
    print(f"last page: finger -300 px, picture {resisted.slide:+.0f} px")
    assert -110 <= resisted.slide <= -95
    assert end.page == LAST


# MARK: Zoomed in: pan, kinetic, edge


def test_zoomed_in_one_finger_pans_kinetically_and_the_edge_turns_the_page(viewer):
    """Fails on the old code: a swipe at the picture's edge did nothing."""
    start = viewer.go_to(LARGE)
    viewer.fingers.double_tap(start.picture_centre)
    zoomed = viewer.wait(lambda v: abs(v.level - 2) < 1e-3, "200 % after a double tap")
    # A flick to the left: the picture keeps moving after the finger lifted.
    centre = zoomed.to_page(zoomed.canvas[2] / 2, zoomed.canvas[3] / 2)
    lifted = viewer.app.trace.count("viewer-drag-end")
    viewer.fingers.swipe(centre, (centre[0] - 200, centre[1]), 120, steps=6)
    wait_for(lambda: viewer.app.trace.count("viewer-drag-end") > lifted, message="the finger's lift")
    # The finger took it 200 px; after the lift it glides on well past that.
    after_lift = viewer.wait(lambda v: zoomed.rect[0] - v.rect[0] > 260 and viewer.app.trace.events_after_last(
        "viewer-view", "viewer-drag-end"), "the picture to glide on after the finger lifted")
    moved = zoomed.rect[0] - after_lift.rect[0]
    print(f"kinetic: flick -200 px in 120 ms (release {viewer.app.trace.last('viewer-drag-end')} px/s), "
          f"picture moved {moved:.0f} px and on")
    assert after_lift.page == LARGE
    # Swipe left until the right edge is in view: the picture pans, the page stays.
    for _ in range(20):
        current = viewer.view()
        if current.rect[0] + current.rect[2] <= current.canvas[2] + 0.5:
            break
        viewer.fingers.swipe(centre, (centre[0] - 500, centre[1]), 400)
        viewer.wait(lambda v, r=current.rect: v.rect != r, "the picture to pan")
        assert viewer.view().page == LARGE
    at_edge = viewer.wait(lambda v: v.rect[0] + v.rect[2] <= v.canvas[2] + 0.5 and v.slide == 0,
                          "the right edge in view")
    viewer.app.browser.screenshot("zoomed-at-edge")
    # At the edge a further swipe turns the page.
    viewer.fingers.swipe(centre, (centre[0] - 400, centre[1]), 250)
    end = viewer.wait(lambda v: v.page == LARGE + 1 and v.slide == 0, "the next page after a swipe at the edge")
    viewer.app.browser.screenshot("zoomed-edge-turned")
    assert end.fit


# MARK: Taps


def test_a_double_tap_toggles_200_percent_at_the_finger(viewer):
    start = viewer.go_to(LARGE)
    point = start.to_page(start.rect[0] + start.rect[2] * 0.3, start.rect[1] + start.rect[3] * 0.4)
    pinned = start.image_point(point)
    toggles = viewer.app.trace.count("viewer-fullscreen-toggle")
    viewer.fingers.double_tap(point)
    zoomed = viewer.wait(lambda v: abs(v.level - 2) < 1e-3, "200 %")
    shift = [a - b for a, b in zip(zoomed.page_point(pinned), point)]
    print(f"double tap: level {start.level:.3f} -> {zoomed.level:.3f}, point under the finger moved "
          f"{shift[0]:+.1f},{shift[1]:+.1f} px")
    viewer.app.browser.screenshot("double-tap")
    assert math.hypot(*shift) < 2
    viewer.fingers.double_tap(point)
    viewer.wait(lambda v: v.fit, "best fit after a second double tap")
    assert viewer.app.trace.count("viewer-fullscreen-toggle") == toggles


def test_a_tap_asks_for_fullscreen_once_the_double_tap_time_passed(viewer):
    """Broadway has no window manager, so fullscreen itself is the X11 test's; here: the tap's
    decision reached the window."""
    start = viewer.go_to(SMALL)
    before = viewer.app.trace.count("viewer-fullscreen-toggle")
    viewer.fingers.tap(start.picture_centre)
    wait_for(lambda: viewer.app.trace.count("viewer-fullscreen-toggle") == before + 1, message="fullscreen asked")
    # And on the empty space around the picture.
    viewer.fingers.tap(start.to_page(20, 20))
    wait_for(lambda: viewer.app.trace.count("viewer-fullscreen-toggle") == before + 2, message="fullscreen asked again")
    assert viewer.view().level == start.level and viewer.view().page == SMALL


def test_a_long_press_on_the_picture_opens_the_share_menu(viewer):
    """Fails on the old code: nothing opened."""
    start = viewer.go_to(SMALL)
    toggles = viewer.app.trace.count("viewer-fullscreen-toggle")
    mark_surfaces(viewer.app)
    viewer.fingers.press(start.picture_centre)
    wait_for(lambda: viewer.app.trace.count("viewer-share-menu") == 1, message="the share menu")
    viewer.fingers.lift()
    finger = start.picture_centre
    wait_for(lambda: any(x < finger[0] < x + w and abs(y - finger[1]) < 40 for x, y, w, _ in new_menus(viewer.app)),
             message="the menu's popover at the finger")
    viewer.app.browser.screenshot("long-press-menu")
    # A tap elsewhere closes it; the long press was no tap: no fullscreen.
    viewer.fingers.tap(start.to_page(20, 20))
    wait_for(lambda: not new_menus(viewer.app), message="the menu to close")
    assert viewer.view().page == SMALL and viewer.view().fit
    assert viewer.app.trace.count("viewer-fullscreen-toggle") == toggles



def text_rows(image, box):
    """The vertical centres of the lines of text in `box` (left, top, width, height) of a
    screenshot: rows with dark pixels on the popover's light background, grouped."""
    left, top, width, height = (int(value) for value in box)
    dark = [y for y in range(top + 4, top + height - 4)
            if any(sum(image.getpixel((x, y))) < 300 for x in range(left + 12, left + width - 12, 2))]
    rows, start, last = [], None, None
    for y in dark:
        if start is None or y - last > 3:
            if start is not None:
                rows.append((start + last) / 2)
            start = y
        last = y
    if start is not None:
        rows.append((start + last) / 2)
    return rows


def test_a_long_press_menu_turns_the_picture_by_touch(viewer):
    """The picture's own verbs by touch (issue 35): a long press opens its menu (Share, then
    Rotate Left, Rotate Right, Flip, Print, Set as Background), a tap on Rotate Right turns it."""
    start = viewer.go_to(SMALL)
    mark_surfaces(viewer.app)
    viewer.fingers.press(start.picture_centre)
    wait_for(lambda: new_menus(viewer.app), message="the picture's menu")
    viewer.fingers.lift()
    menu = new_menus(viewer.app)[0]
    shot = viewer.app.browser.screenshot("long-press-picture-menu")
    rows = text_rows(shot, menu)
    # Ten lines of text (the popover's frame above them may count as one more): the last five
    # are Rotate Left, Rotate Right, Flip Horizontally, Print…, Set as Background….
    assert len(rows) >= 10, f"ten items in two sections: {rows}"
    viewer.fingers.tap((menu[0] + menu[2] / 2, rows[-4]))  # Rotate Right
    turned = viewer.wait(lambda v: v.image == (195, 260), "turned right")
    assert turned.rect[3] > turned.rect[2], "standing on its side"
    wait_for(lambda: not new_menus(viewer.app), message="the menu to close")

def mark_surfaces(app):
    app.browser.evaluate("Array.from(document.body.children).forEach(e => e.dataset.seen = '1')")


def new_surfaces(app):
    """(left, top, width, height) of the windows and popovers shown since `mark_surfaces`.
    Broadway puts a surface in an element of its full size, shadow included, holding one
    zero-height element at the content's top left: the position is that one's, the size the
    outer one's."""
    return app.browser.evaluate(
        "Array.from(document.body.children).filter(e => !e.dataset.seen && e.style.display != 'none'"
        " && e.style.visibility != 'hidden' && e.id != 'lg-touch-shield')"
        ".map(e => [(e.firstElementChild || e).getBoundingClientRect(), e.getBoundingClientRect()])"
        ".map(([inner, outer]) => [inner.left, inner.top, inner.width, outer.height])")


def new_menus(app):
    """The new surfaces taller than a tooltip (one or two lines; a menu has three items or
    more). Once a finger has rested on a tile, GTK may show the tile's tooltip, a surface of
    its own, beside or after the menu: on a loaded machine it did, and was taken for a menu
    that never closed."""
    return [surface for surface in new_surfaces(app) if surface[3] > 80]


# MARK: The grid


GRID_IMAGES = 160


def seed_of(pixel):
    """The fixture's `seed` pictures have blue (128 + 53 × seed) mod 256 all over."""
    return ((pixel[2] - 128) * pow(53, -1, 256)) % 256


def column_seeds(image, x, top=60):
    """(seed, top y) of every thumbnail down the page column `x`, top to bottom."""
    runs, start, current = [], None, None
    for y in range(top, image.height):
        seed = seed_of(image.getpixel((x, y)))
        if seed != current:
            whole = current is not None and y - start > 40 and 0 < current < GRID_IMAGES
            if whole and (not runs or runs[-1][0] != current):  # the label splits a thumbnail
                runs.append((current, start))
            start, current = y, seed
    return runs


class Grid:
    def __init__(self, app, server):
        self.app, self.server = app, server
        self.fingers = app.fingers
        wait_for(lambda: app.trace.count("visible-thumbnails-shown"), 60, message="the first thumbnails")
        shot = wait_for(lambda: self._ready(app.browser.screenshot()), 30, message="the thumbnails on the page")
        boxes = tile_boxes(shot, 75)
        self.boxes = boxes
        self.columns = len(boxes)
        self.x = (boxes[1][0] + boxes[1][1]) // 2
        runs = column_seeds(shot, self.x)
        (first, top), (second, next_top) = runs[0], runs[1]
        self.pitch = (next_top - top) / ((second - first) // self.columns)
        self.origin = (first, top)

    def _ready(self, shot):
        """The first row is drawn in full: the failed tile with its Retry button, then thumbnails
        1, 2, … in order. A tile still blank, or a thumbnail still fading in (no seed colour
        yet), once let the failed tile be missed and the second taken for it, so the test of
        Retry tapped a thumbnail."""
        boxes = tile_boxes(shot, 75)
        if len(boxes) < 3 or retry_button_edge(shot, *boxes[0]) is None:
            return None
        if [seed_of(shot.getpixel((left + 5, 75))) for left, _ in boxes[1:]] != list(range(1, len(boxes))):
            return None
        return shot if len(column_seeds(shot, (boxes[1][0] + boxes[1][1]) // 2)) > 2 else None

    def scrolled(self, shot=None):
        """How far the grid has scrolled since it opened, from where a thumbnail is drawn now."""
        runs = column_seeds(shot or self.app.browser.screenshot(), self.x)
        if not runs:
            return None
        seed, top = runs[-1] if runs[0][1] < 70 else runs[0]  # a whole thumbnail, not one cut at the top
        first, first_top = self.origin
        return first_top + (seed - first) // self.columns * self.pitch - top


def running_grid():
    """A failed entry (404) first, then GRID_IMAGES - 1 thumbnails, on a fresh app."""
    from harness import FixtureServer
    server = FixtureServer()
    lines = [server.url("/fault/404")] + [server.url(f"/img?w=160&h=120&seed={seed}&fmt=png")
                                          for seed in range(1, GRID_IMAGES)]
    url = server.write("grid.txt", "\n".join(lines) + "\n")
    app = TouchApp(url)
    try:
        yield Grid(app, server)
    finally:
        app.stop()
        server.stop()


@pytest.fixture(scope="module")
def grid():
    yield from running_grid()


@pytest.fixture
def untouched_grid():
    """A grid of its own, for a test that needs what happened before it to be only its own."""
    yield from running_grid()


def retry_button_edge(shot, left, right, top=68):
    """The bottom edge of the failed tile's Retry button, its lowest element: up from the
    tile's bottom to the first pixel unlike the tile's background. None before it is drawn."""
    x, bottom = (left + right) // 2, top + (right - left)
    background = shot.getpixel((left + 3, bottom - 3))
    edge = next((y for y in range(bottom - 3, top, -1)
                 if max(abs(a - b) for a, b in zip(shot.getpixel((x, y)), background)) > 12), None)
    return edge if edge is not None and edge > top + (right - left) * 0.6 else None


def tap_retry_on_the_failed_tile(grid):
    """Taps the failed tile's Retry; returns once the server was asked again."""
    left, right = grid.boxes[0]
    edge = wait_for(lambda: retry_button_edge(grid.app.browser.screenshot("grid-failed-tile"), left, right),
                    message="the failed tile's Retry button")
    before = failed_requests(grid)
    grid.fingers.tap(((left + right) // 2, edge - 8))
    wait_for(lambda: failed_requests(grid) == before + 1, message="Retry to fetch the picture again")


def failed_requests(grid):
    return sum(1 for entry in grid.server.log() if entry["path"] == "/fault/404")


def test_a_tap_on_retry_fetches_the_failed_picture_again(grid):
    tap_retry_on_the_failed_tile(grid)
    assert grid.app.trace.count("viewer-view") == 0  # the tap was Retry's, not the tile's


def test_a_long_press_selects_and_taps_toggle(untouched_grid):
    """Selection by touch (issue 34): a long press on a tile starts selection mode with that tile
    selected, and taps toggle tiles instead of opening the viewer."""
    grid = untouched_grid
    trace = grid.app.trace
    (left, right), (left3, right3) = grid.boxes[2], grid.boxes[3]
    grid.fingers.press(((left + right) / 2, 110))
    wait_for(lambda: trace.last("grid-selection") == "1", message="the long press to select the tile")
    grid.fingers.lift()
    grid.fingers.tap(((left3 + right3) / 2, 110))
    wait_for(lambda: trace.last("grid-selection") == "2", message="a tap to add a tile")
    grid.app.browser.screenshot("grid-touch-selection")
    grid.fingers.tap(((left + right) / 2, 110))
    wait_for(lambda: trace.last("grid-selection") == "1", message="a tap to take the first one out")
    assert grid.app.trace.count("viewer-view") == 0, "taps in selection mode open nothing"
    # A finger still scrolls the grid in selection mode (the FlowBox's rubberband would take it).
    # The scrolled window takes a finger held still for its long-press time as a hold, not a drag:
    # on a loaded machine the app may see the first move only that late (CI once did), so a
    # swipe that did not scroll is tried again, as a person would; a rubberband never scrolls.
    def swipe_scrolls():
        grid.fingers.swipe((grid.x, 600), (grid.x, 400), 150, steps=8)
        try:
            return wait_for(lambda: (grid.scrolled() or 0) > 100, 8, message="the grid to scroll")
        except AssertionError:
            return None
    assert any(swipe_scrolls() for _ in range(3)), "a swipe to scroll the grid in selection mode"
    assert trace.last("grid-selection") == "1", "scrolling selected nothing"


def test_a_pinch_on_the_grid_makes_the_tiles_larger_then_smaller(untouched_grid):
    grid = untouched_grid
    trace = grid.app.trace
    middle = (grid.x + 60, 400)
    grid.fingers.pinch((middle[0] - 40, middle[1]), (middle[0] + 40, middle[1]),
                       (middle[0] - 120, middle[1]), (middle[0] + 120, middle[1]))
    wait_for(lambda: trace.last("thumbnail-size") in ("192", "256"), message="spread fingers to make the tiles larger")
    grid.app.browser.screenshot("grid-pinch-larger")
    larger = int(trace.last("thumbnail-size"))
    grid.fingers.pinch((middle[0] - 150, middle[1]), (middle[0] + 150, middle[1]),
                       (middle[0] - 30, middle[1]), (middle[0] + 30, middle[1]))
    wait_for(lambda: int(trace.last("thumbnail-size")) < larger, message="fingers together to make them smaller")
    print(f"grid pinch: cells {larger} px, then {trace.last('thumbnail-size')} px")


def test_a_flick_scrolls_the_grid_on_after_the_finger_lifts(grid):
    assert grid.scrolled() == pytest.approx(0, abs=2)
    finger = 200
    grid.fingers.swipe((grid.x, 600), (grid.x, 600 - finger), 100, steps=5)
    far = wait_for(lambda: (grid.scrolled() or 0) > finger + 100 and grid.scrolled(),
                   message="the grid to glide on past the finger's 200 px")
    grid.app.browser.screenshot("grid-flick")
    print(f"grid flick: finger 200 px in 100 ms, grid scrolled {far:.0f} px and on")


def wait_until_still(grid):
    """Until the app paints nothing between two looks and both show the grid at the same place.
    A tap on a grid that still glides from a flick only stops it, as on a phone. Screenshots
    alone were not enough: on a loaded machine the app went on painting frames with the picture
    unchanged (the glide's end, or the scrollbar fading out), and a tap then opened nothing in
    4 of 20 runs beside four CPU hogs; with this wait, 0 of 12."""
    last = [None, None]

    def still():
        frames, now = grid.app.trace.count("frame"), grid.scrolled()
        before_frames, before = last
        last[:] = [frames, now]
        return now is not None and now == before and frames == before_frames
    wait_for(still, interval=0.3, message="the grid to stop gliding and painting")


def open_viewer_on_a_thumbnail(grid):
    """Taps a thumbnail of the second column once the grid is still: the viewer on its page,
    and the seed of the picture tapped."""
    wait_until_still(grid)
    shot = grid.app.browser.screenshot()
    seed, top = column_seeds(shot, grid.x)[1]
    grid.fingers.tap((grid.x, top + 30))
    viewer = Viewer(grid.app)
    return viewer, viewer.wait(lambda v: v.image == (160, 120), "the viewer"), seed


def test_a_tap_on_a_tile_opens_the_viewer(grid):
    _, opened, seed = open_viewer_on_a_thumbnail(grid)
    assert opened.page == seed  # the failed entry is the first page: page n is seed n


def test_after_retry_a_tap_opens_a_picture_and_the_viewers_retry_takes_a_tap(untouched_grid):
    """Retry in the grid, then a tap on a thumbnail: it opens (the grid's own gestures once
    took that tap for the end of the touch Retry had taken). Then the failed entry, the
    viewer's first page: its error page's Retry, drawn over the canvas, fetches it again."""
    grid = untouched_grid
    tap_retry_on_the_failed_tile(grid)
    viewer, _, _ = open_viewer_on_a_thumbnail(grid)
    viewer.surface = viewer_surface(grid.app)
    while viewer.view().page > 0:
        page = viewer.view().page
        viewer.fingers.tap((viewer.surface[0] + 38, viewer.surface[1] + 35))  # the header's Previous
        wait_for(lambda p=page: viewer.view().page == p - 1, message=f"page {page - 1}")

    def retry_button():
        fields = parse_fields(viewer.app.trace.last("viewer-view"))
        return tuple(map(float, fields["retry"].split(","))) if "retry" in fields else None
    x, y, width, height = wait_for(retry_button, message="the failed page's Retry button")
    grid.app.browser.screenshot("viewer-error-page")
    asked = failed_requests(grid)
    viewer.fingers.tap((viewer.surface[0] + x + width / 2, viewer.surface[1] + y + height / 2))
    wait_for(lambda: failed_requests(grid) == asked + 1, message="the viewer's Retry to fetch the picture again")
    assert viewer.view().page == 0
