"""Both windows on a phone's screen (issue 54): asked for 360 × 720 the main window takes it —
before, a search bar of a fixed 360 px inside its padding held it at 430 — with three columns of
cells 100–120 px wide, the header's controls, the opened filter bar and selection mode's bar
(its verbs in a menu beside Save to Folder) inside the window; the
viewer — before held at 680 px by its header — lays itself out for the width."""

import pyatspi

from harness import App, Display, wait_for
from test_grid_interaction import image_links, window_size
from test_viewer import open_viewer, x_window


def inside(node, window):
    """The node's extents lie within the window's (both relative to the window)."""
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return extents.width > 0 and extents.x >= 0 and extents.x + extents.width <= window.width


def main_window_at(app, display, width, height, tiles):
    """The main window once its `tiles` tiles are there, resized to `width` × `height` and laid
    out so by GTK (which follows the X window a little later)."""
    frame = app.window_named("Link Gallery")
    wait_for(lambda: len(app.tiles()) == tiles, 30, message=f"{tiles} tiles")
    display.xdotool("windowsize", display.toplevel("^Link Gallery$")[0], width, height)
    wait_for(lambda: window_size(display, "Link Gallery") == (width, height), message=f"the window at {width} × {height}")
    wait_for(lambda: (lambda e: e.width <= width and e.height <= height)(frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
             message=f"GTK to lay the window out at {width} × {height}")
    return frame


def test_the_main_window_fits_a_phone(display, server):
    url = server.write("phone.txt", "\n".join(image_links(server, 7)))
    app = App(display, url)
    try:
        frame = main_window_at(app, display, 360, 720, tiles=7)
        window = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
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
        app.press("Escape")

        # Selection mode: six labelled buttons do not fit; Save to Folder stays, the other verbs
        # are in a menu beside it, and the window keeps the phone's width.
        app.do_action(next(node for node in app.find_all(name="Select", root=frame) if "button" in node.getRoleName()))
        more = wait_for(lambda: visible_inside(app, frame, "More", window), message="the selection bar's menu inside the window")
        wait_for(lambda: visible_inside(app, frame, "Save to Folder…", window), message="Save to Folder inside the window")
        assert visible_inside(app, frame, "Copy Links", window) is None, "the other verbs are in the menu"
        assert window_size(display, "Link Gallery") == (360, 720), "selection mode kept the width"
        inner = app.find_all(role="toggle button", name="More", root=more) or app.find_all(role="push button", name="More", root=more)
        app.do_action(inner[0] if inner else more)
        for item in ["Select All", "Retry Failed", "Slideshow", "Copy Links", "Open in Browser"]:
            wait_for(lambda: next((node for node in app.find_all(name=item) if node.getRoleName() == "menu item"), None),
                     message=f"{item} in the selection bar's menu")
        display.screenshot("phone-selection-menu")
        select_all = next(node for node in app.find_all(name="Select All") if node.getRoleName() == "menu item")
        app.do_action(select_all)
        wait_for(lambda: any("7" in (node.name or "") for node in app.find_all(role="label", root=frame)),
                 message="Select All from the menu: 7 selected")
    finally:
        app.stop()


def visible_inside(app, root, name, window):
    """Some visible widget named `name` under `root`, lying inside the window's width."""
    for node in app.find_all(name=name, root=root):
        extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if extents.width > 0 and extents.height > 0 and extents.x >= 0 and extents.x + extents.width <= window.width:
            return node
    return None


def test_the_viewer_fits_a_phone_and_keeps_every_verb(display, server):
    """Below 600 px the viewer's header keeps the page buttons, the position and one menu; zoom,
    filmstrip, properties and share move to a bar under the picture; the slideshow, fullscreen
    and the picture's own verbs are in the menu. Wider, the header holds them all again."""
    url = server.write("phone-viewer.txt", "\n".join(image_links(server, 3)))
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, 0, image_count=3)
        display.xdotool("windowsize", x_window(display, " / 3")[0], 360, 720)
        wait_for(lambda: window_size(display, ".* / 3") == (360, 720), message="the viewer at 360 × 720")
        window = wait_for(lambda: (lambda e: e.width <= 360 and e)(viewer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
                          message="GTK to lay the viewer out at 360 px")
        for name in ["Previous", "Next", "Viewer Menu", "Zoom Out", "Zoom In", "Filmstrip", "Image Properties", "Share"]:
            wait_for(lambda: visible_inside(app, viewer, name, window), message=f"{name} on screen at 360 px")
        assert visible_inside(app, viewer, "Slideshow", window) is None, "the header's wide controls are in the menu"
        display.screenshot("phone-viewer")
        menu_button = visible_inside(app, viewer, "Viewer Menu", window)
        # A GtkMenuButton's own button is what takes the click.
        inner = app.find_all(role="push button", name="Viewer Menu", root=menu_button) or \
            app.find_all(role="toggle button", name="Viewer Menu", root=menu_button)
        app.do_action(inner[0] if inner else menu_button)
        for item in ["Slideshow", "Fullscreen", "Rotate Left", "Rotate Right", "Crop…", "Print…"]:
            wait_for(lambda: next((node for node in app.find_all(name=item) if node.getRoleName() == "menu item"), None),
                     message=f"{item} in the menu")
        display.screenshot("phone-viewer-menu")
        app.press("Escape")

        # The properties: a sheet under the picture, as wide as the window, in its lower half.
        app.do_action(visible_inside(app, viewer, "Image Properties", window))

        def sheet():
            for node in app.find_all(name="Image Properties", root=viewer):
                if "button" in node.getRoleName():
                    continue
                box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                if box.height > 100 and box.x >= 0 and box.x + box.width <= window.width and box.y >= window.height // 3:
                    return box
            return None
        try:
            box = wait_for(sheet, message="the properties as a sheet in the window's lower half")
        except AssertionError:
            display.screenshot("phone-viewer-properties-failed")
            print([(n.getRoleName(), (lambda e: (e.x, e.y, e.width, e.height))(n.queryComponent().getExtents(pyatspi.WINDOW_COORDS)))
                   for n in app.find_all(name="Image Properties", root=viewer)], window.width, window.height)
            raise
        assert box.width >= window.width - 20, f"the sheet spans the window: {box.width} of {window.width}"
        display.screenshot("phone-viewer-properties")

        # Held sideways with the properties open: beside the picture again, where the width is.
        display.xdotool("windowsize", x_window(display, " / 3")[0], 720, 360)
        wait_for(lambda: window_size(display, ".* / 3") == (720, 360), message="the viewer at 720 × 360")

        def beside():
            for node in app.find_all(name="Image Properties", root=viewer):
                box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                if "button" not in node.getRoleName() and 250 <= box.width <= 340 and box.x >= 360 and box.height >= 200:
                    return box
            return None
        wait_for(beside, message="the properties beside the picture, held sideways")
        display.screenshot("phone-viewer-properties-sideways")
        app.press("F9")

        display.xdotool("windowsize", x_window(display, " / 3")[0], 1000, 700)
        wait_for(lambda: window_size(display, ".* / 3") == (1000, 700), message="the viewer at 1000 × 700")
        wide = wait_for(lambda: (lambda e: e.width > 900 and e)(viewer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
                        message="GTK to lay the viewer out wide")
        for name in ["Slideshow", "Fullscreen", "Picture Menu", "Share", "Zoom In"]:
            wait_for(lambda: visible_inside(app, viewer, name, wide), message=f"{name} in the wide header")
        assert visible_inside(app, viewer, "Viewer Menu", wide) is None, "no narrow menu when wide"
        display.screenshot("phone-viewer-wide")
    finally:
        app.stop()


def test_open_address_fits_a_phone(display, server):
    """Open Address over a 360 px main window is no wider, its explanation of a bad address
    wrapped inside it."""
    url = server.write("phone-open.txt", "\n".join(image_links(server, 2)))
    app = App(display, url)
    try:
        main_window_at(app, display, 360, 720, tiles=2)
        app.press("ctrl+l")
        dialog = app.window_named("Open Address")
        wait_for(lambda: app.find_all(role="text", name="Address of a links file", root=dialog), message="the address entry")
        display.xdotool("type", "--delay", "20", "ftp://example.com/list.txt")
        wait_for(lambda: app.find_all(role="label", contains="Only web addresses", root=dialog), message="the explanation")
        width, _ = window_size(display, "Open Address")
        assert width <= 360, f"Open Address is {width} px wide"
        display.screenshot("phone-open-address")
    finally:
        app.stop()


def shown_buttons(app, root):
    """(name, x, width) of every button under `root` that is visible and laid out (a hidden one,
    or one in a closed revealer, has no width)."""
    found = []
    for role in ("push button", "toggle button"):
        for node in app.find_all(role=role, root=root):
            states = node.getState()
            if states.contains(pyatspi.STATE_VISIBLE):
                box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                if box.width > 0:
                    found.append((node.name, box.x, box.width))
    return found


def test_fullscreen_and_a_slideshow_fit_a_phones_screen(server):
    """On a 360 × 720 screen, fullscreen: the controls over the picture inside the screen, the bar
    under the picture gone (the controls hold its verbs); in a slideshow too, whose own controls
    join them — the zoom buttons stay out there (fingers pinch)."""
    phone = Display(360, 720)
    url = server.write("phone-fullscreen.txt", "\n".join(image_links(server, 3)))
    app = App(phone, url)
    try:
        viewer = open_viewer(app, phone, 0, image_count=3)
        wait_for(lambda: visible_inside(app, viewer, "Filmstrip", viewer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
                 message="the narrow layout's bar under the picture")
        for key, shot in (("F11", "phone-fullscreen"), ("F5", "phone-slideshow")):
            app.press(key)
            # The pointer moving over the picture brings the controls.
            for x in (170, 180, 190):
                phone.xdotool("mousemove", x, 300)
            wait_for(lambda: any(name == "Leave Fullscreen" for name, _, _ in shown_buttons(app, viewer)),
                     message=f"the controls over the picture after {key}")
            buttons = shown_buttons(app, viewer)
            outside = [(name, x, width) for name, x, width in buttons if x < 0 or x + width > 360]
            assert not outside, f"controls off the screen after {key}: {outside}"
            assert not any(name == "Filmstrip" for name, _, _ in buttons), "the bar under the picture is gone"
            phone.screenshot(shot)
    finally:
        app.stop()
        phone.stop()


def test_both_windows_fit_a_phone_held_sideways(display, server):
    """720 × 360, a phone turned on its side: both windows take the size, the grid shows its
    tiles and the viewer its picture between the header and the bar under it; the viewer opens
    again at the size it was closed at."""
    url = server.write("phone-sideways.txt", "\n".join(image_links(server, 7)))
    app = App(display, url)
    try:
        main_window_at(app, display, 720, 360, tiles=7)
        shown = wait_for(lambda: [tile for tile in app.tiles() if tile.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height > 0],
                         message="tiles on screen")
        assert shown, "the grid shows tiles"
        display.screenshot("phone-sideways-main-window")

        viewer = open_viewer(app, display, 0, image_count=7)
        display.xdotool("windowsize", x_window(display, " / 7")[0], 720, 360)
        wait_for(lambda: window_size(display, ".* / 7") == (720, 360), message="the viewer at 720 × 360")
        window = wait_for(lambda: (lambda e: e.height <= 360 and e)(viewer.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
                          message="GTK to lay the viewer out 360 px tall")
        for name in ["Previous", "Next", "Zoom In"]:
            wait_for(lambda: visible_inside(app, viewer, name, window), message=f"{name} on screen at 720 × 360")
        display.screenshot("phone-sideways-viewer")

        # Closed and opened again, the viewer takes the size it was given, as a phone's is.
        app.press("ctrl+w")
        wait_for(lambda: not any(" / 7" in (w.name or "") for w in app.windows()), message="the viewer closed")
        open_viewer(app, display, 1, image_count=7)
        wait_for(lambda: window_size(display, ".* / 7") == (720, 360), message="the viewer again at 720 × 360")
    finally:
        app.stop()
