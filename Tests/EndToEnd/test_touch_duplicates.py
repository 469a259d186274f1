"""One tile per picture by touch (issue 55; broadway + headless Chromium, real touch events):
with Hide Duplicates on, a picture at two addresses is one tile; a long press selects it, a
second long press opens its menu (issue 54: every tile verb by fingers), which ends with the
two links; a tap on the second link, then on its Open in Browser, opens
that link — no right click, key or hover."""

import os
import tempfile
from pathlib import Path

from broadway import TouchApp
from harness import FixtureServer, wait_for
from test_touch import mark_surfaces, new_menus, text_rows, tile_boxes

# The fixture server draws a picture from its query, in any order: two addresses, one picture.
PICTURES = ["/img?w=160&h=120&seed=3&fmt=png", "/img?w=160&h=120&seed=5&fmt=png",
            "/img?seed=3&fmt=png&h=120&w=160", "/img?w=160&h=120&seed=7&fmt=png"]


def menu_rows(app, message):
    """The one menu on the page and the centres of its lines of text, once they stop changing
    (a submenu slides in)."""
    last = [None]

    def settled():
        menus = new_menus(app)
        if len(menus) != 1:
            return None
        rows = text_rows(app.browser.screenshot(), menus[0])
        found = (menus[0], rows) if rows and rows == last[0] else None
        last[0] = rows
        return found
    return wait_for(settled, interval=0.3, message=message)


def test_a_long_press_lists_a_pictures_links_and_a_tap_opens_one():
    server = FixtureServer()
    folder = Path(tempfile.mkdtemp(prefix="lg-touch-duplicates-"))
    opened = folder / "opened.txt"
    opener = folder / "xdg-open"
    opener.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{opened}"\n')
    opener.chmod(0o755)
    url = server.write("touch-duplicates.txt", "\n".join(server.url(line) for line in PICTURES) + "\n")
    # On a phone (issue 54), in Russian (longer words): 360 × 720, LANGUAGE=ru (gettext ignores
    # LANGUAGE in the plain C locale; C.UTF-8 is everywhere).
    app = TouchApp(url, settings={"hide-duplicates": "true", "window-width": "360", "window-height": "720"},
                   extra_env={"PATH": f"{folder}:{os.environ['PATH']}", "LANGUAGE": "ru", "LANG": "C.UTF-8", "LC_ALL": ""})
    try:
        # A copy is hidden in the main-loop turn that finds it (the trace says when looks are filed).
        wait_for(lambda: app.trace.count("duplicates-found"), 60, message="the thumbnails' looks filed")
        boxes = wait_for(lambda: (lambda found: found if len(found) == 3 else None)(tile_boxes(app.browser.screenshot(), 110)),
                         30, message="three tiles for four links")
        app.browser.screenshot("touch-duplicates-grid")
        left, right = boxes[0]
        # A long press selects (issue 34); selecting, a long press opens the tile's menu.
        app.fingers.press(((left + right) / 2, 110))
        wait_for(lambda: app.trace.last("grid-selection") == "1", message="the first long press to select the tile")
        app.fingers.lift()
        mark_surfaces(app)
        app.fingers.press(((left + right) / 2, 110))
        wait_for(lambda: new_menus(app), message="the tile's menu by a second long press")
        app.fingers.lift()
        assert app.trace.last("grid-selection") == "1", "the second long press toggled nothing"
        menu, rows = menu_rows(app, "the menu drawn")
        app.browser.screenshot("touch-duplicates-menu")
        print("menu", menu)
        assert menu[2] <= 360, f"the menu fits a phone's width: {menu}"
        # The tile's verbs (Open, Slideshow from Here, Open in Browser, Copy Link, Open With…),
        # then the two lines that lead to the picture (the sections' grey headings, its host and
        # "2 links", are not dark enough to count).
        assert len(rows) == 7, f"the tile's verbs and its two links: {rows}"
        app.fingers.tap((menu[0] + menu[2] / 2, rows[-1]))
        # The link's own menu slides in: its line over Open in Browser and Copy Link.
        submenu, verbs = wait_for(lambda: (lambda found: found if len(found[1]) <= 4 else None)(menu_rows(app, "the link's menu")),
                                  message="the link's own menu")
        app.browser.screenshot("touch-duplicates-link-menu")
        assert len(verbs) >= 3, f"the link's line, Open in Browser and Copy Link: {verbs}"
        app.fingers.tap((submenu[0] + submenu[2] / 2, verbs[-2]))
        wait_for(opened.exists, message="Open in Browser of the second link")
        assert opened.read_text().split() == [server.url(PICTURES[2])]
    finally:
        app.stop()
        server.stop()
