"""Many pictures at once (issue 34): selection mode by Ctrl+click and Shift+click, Save to Folder
through GTK's real folder chooser (the files compared byte for byte with what the server sent),
the filter that finds the failed tiles and Retry of them, and the thumbnail size by keyboard."""

import hashlib
import tempfile
import time
import urllib.request
from pathlib import Path

import pyatspi

from broadway import Trace
from harness import App, wait_for
from test_open_lists import subtitle
from test_viewer import images_loaded, screen_centre


def traced_app(display, server, name, urls):
    home = Path(tempfile.mkdtemp(prefix=f"lg-{name}-"))
    trace = Trace(home / "trace")
    app = App(display, server.write(f"{name}.txt", "\n".join(urls) + "\n"), home=home,
              extra_env={"LINK_GALLERY_TRACE": str(trace.path)})
    return app, trace


def click_tile(app, display, tile, modifier=None):
    grid = app.window_named("Link Gallery")
    centre, corner = screen_centre(display, grid, tile)
    display.xdotool("mousemove", *corner)
    time.sleep(0.1)
    display.xdotool("mousemove", *centre)
    time.sleep(0.1)
    if modifier:
        display.xdotool("keydown", modifier)
    display.xdotool("click", 1)
    if modifier:
        display.xdotool("keyup", modifier)


def selected_in_trace(trace):
    return trace.last("grid-selection")


def button(app, name):
    return wait_for(lambda: next((b for b in app.find_all(name=name)
                                  if "button" in b.getRoleName() and b.getState().contains(pyatspi.STATE_VISIBLE)), None),
                    message=f"the {name!r} button")


def choose_folder(app, display, folder, screenshot=None):
    """Picks `folder` in GTK's own folder chooser (no portal here) as a person types it: Ctrl+L,
    the path, then Save once the location field holds it."""
    chooser = app.window_named("Save to Folder")
    if screenshot:
        display.screenshot(screenshot)
    app.press("ctrl+l")
    typed = str(folder) + "/"
    display.xdotool("type", "--delay", "20", typed)

    def holds_path(node):
        text = node.queryText()
        return text.getText(0, text.characterCount) == typed
    wait_for(lambda: any(holds_path(n) for n in app.find_all(root=chooser) if n.getRoleName() == "text"),
             message="the location field to hold the folder")
    # GTK 4.8's own dialog names its buttons by mnemonic and label: "_Save Save".
    save = wait_for(lambda: next((b for b in app.find_all(root=chooser, contains="Save")
                                  if "button" in b.getRoleName() and b.name.split()[-1] == "Save"), None),
                    message="the chooser's Save button")
    app.do_action(save)


def test_ctrl_and_shift_click_select_three_and_save_to_folder_writes_the_servers_bytes(display, server, tmp_path):
    urls = [server.url(f"/img/{200 + 10 * i}x{150 + 5 * i}.{'png' if i % 2 else 'jpg'}") for i in range(6)]
    app, trace = traced_app(display, server, "select", urls)
    try:
        wait_for(lambda: images_loaded(app, len(urls)), 30, message="the thumbnails")
        tiles = app.tiles()
        click_tile(app, display, tiles[1], "ctrl")
        wait_for(lambda: selected_in_trace(trace) == "1", message="Ctrl+click to start selection mode with one tile")
        click_tile(app, display, tiles[3], "shift")
        wait_for(lambda: selected_in_trace(trace) == "3", message="Shift+click to add the range")
        subtitle(app, "3 selected")
        # What a screen reader reads: the grid's AT-SPI Selection and each tile's state.
        table = app.find_all(role="table")[0]
        assert table.querySelection().nSelectedChildren == 3
        selected = [i for i, tile in enumerate(app.tiles()) if tile.getState().contains(pyatspi.STATE_SELECTED)]
        assert selected == [1, 2, 3]
        display.screenshot("selection-three")
        assert trace.count("viewer-view") == 0, "clicks in selection mode open nothing"
        # The keyboard: arrows move without losing the selection (the FlowBox would select the
        # focused tile alone), Space toggles the focused tile.
        app.press("Right", "space")
        wait_for(lambda: selected_in_trace(trace) == "4", message="Space to add the focused tile")
        assert table.querySelection().nSelectedChildren == 4
        app.press("space")
        wait_for(lambda: selected_in_trace(trace) == "3", message="Space again to take it out")
        assert [i for i, t in enumerate(app.tiles()) if t.getState().contains(pyatspi.STATE_SELECTED)] == [1, 2, 3]

        folder = tmp_path / "Kept pictures"
        folder.mkdir()
        (folder / "210x155.png").write_bytes(b"already here")  # a name the first picture would take
        app.do_action(button(app, "Save to Folder…"))
        choose_folder(app, display, folder, screenshot="save-to-folder-chooser")
        wait_for(lambda: trace.last("pictures-saved"), 30, message="the pictures saved")
        assert trace.last("pictures-saved") == "3 0 0"
        wait_for(lambda: app.find_all(contains="3 pictures saved to “Kept pictures”"), message="the report")
        display.screenshot("save-to-folder-report")

        expected = {}
        for url in urls[1:4]:
            with urllib.request.urlopen(url, timeout=10) as response:
                expected[url.rsplit("/", 1)[1]] = response.read()
        assert (folder / "210x155.png").read_bytes() == b"already here", "nothing is overwritten"
        written = {path.name: path.read_bytes() for path in folder.iterdir() if path.name != "210x155.png"}
        assert sorted(written) == ["210x155 (2).png", "220x160.jpg", "230x165.png"]
        assert written["210x155 (2).png"] == expected["210x155.png"]
        assert written["220x160.jpg"] == expected["220x160.jpg"]
        assert written["230x165.png"] == expected["230x165.png"]

        # Escape leaves selection mode; a click opens the viewer again.
        app.press("Escape")
        wait_for(lambda: selected_in_trace(trace) == "off", message="Escape to leave selection mode")
    finally:
        app.stop()


def test_the_failed_filter_finds_the_failed_tiles_and_retry_loads_them(display, server):
    good = [server.url(f"/img/{120 + i}x90.png") for i in range(4)]
    missing = [f"later-{i}.png" for i in range(3)]
    urls = good[:2] + [server.url("/" + name) for name in missing] + good[2:]
    app, trace = traced_app(display, server, "failed-filter", urls)
    try:
        wait_for(lambda: images_loaded(app, len(urls)), 30, message="the grid settled")
        assert sum("Server error 404" in (t.name or "") or "404" in (t.name or "") for t in app.tiles()) == 3, \
            [t.name for t in app.tiles()]
        app.press("ctrl+shift+f")
        wait_for(lambda: len(app.tiles()) == 3, message="only the failed tiles")
        subtitle(app, "3 of 7")
        display.screenshot("filter-failed")
        # The pictures appear on the server; the person selects all and retries.
        for index, name in enumerate(missing):
            data = urllib.request.urlopen(server.url(f"/img/{90 + index}x60.png"), timeout=10).read()
            (server.root / name).write_bytes(data)
        app.press("Return")  # from the filter's text field to the tiles
        app.press("ctrl+a")
        wait_for(lambda: selected_in_trace(trace) == "3", message="Ctrl+A to select the three")
        app.do_action(button(app, "Retry Failed"))
        try:
            wait_for(lambda: all((t.name or "").startswith("Image ") and "(" not in t.name for t in app.tiles()),
                     30, message="the retried tiles to load")
        except AssertionError:
            print([t.name for t in app.tiles()], [e["path"] for e in server.log()])
            display.screenshot("filter-failed-retry-timeout")
            raise
        assert len(app.tiles()) == 3, "a retried tile stays in place until the filter changes"
        display.screenshot("filter-failed-retried")
        app.press("Escape")  # leaves selection mode
        wait_for(lambda: selected_in_trace(trace) == "off", message="selection mode to end")
    finally:
        app.stop()


def test_typing_filters_by_address_and_closing_the_bar_shows_all(display, server):
    urls = [server.url(f"/img/{100 + i}x80.png?album={'cats' if i % 3 == 0 else 'dogs'}") for i in range(9)]
    app, trace = traced_app(display, server, "typed-filter", urls)
    try:
        wait_for(lambda: images_loaded(app, len(urls)), 30, message="the thumbnails")
        requests = len(server.log())
        focus = app.tiles()[0]
        click_tile(app, display, focus, "ctrl")  # a tile has the focus (and selection mode starts)
        wait_for(lambda: selected_in_trace(trace) == "1", message="the tile selected")
        app.press("Escape")
        wait_for(lambda: selected_in_trace(trace) == "off", message="selection mode left")
        display.xdotool("type", "--delay", "40", "cats")
        wait_for(lambda: len(app.tiles()) == 3, message="the three cats")
        subtitle(app, "3 of 9")
        assert all("cats" in t.name for t in app.tiles())
        assert len(server.log()) == requests, "filtering downloads nothing again"
        app.press("ctrl+f")
        app.press("Escape")
        wait_for(lambda: len(app.tiles()) == 9, message="every tile again")
    finally:
        app.stop()


def columns(app):
    """Tiles in the first row, and their width, from where AT-SPI says the tiles are."""
    boxes = [t.queryComponent().getExtents(pyatspi.WINDOW_COORDS) for t in app.tiles()]
    top = min(b.y for b in boxes)
    first_row = [b for b in boxes if b.y == top]
    return len(first_row), first_row[0].width


def test_the_keyboard_changes_the_thumbnail_size_without_downloading_and_it_is_remembered(display, server):
    urls = [server.url(f"/img/{300 + i}x200.jpg") for i in range(12)]
    app, trace = traced_app(display, server, "sizes", urls)
    home = app.home
    try:
        wait_for(lambda: images_loaded(app, len(urls)), 30, message="the thumbnails")
        before, width = columns(app)
        assert 100 <= width <= 121, width
        requests = len(server.log())
        app.press("ctrl+plus", "ctrl+plus")
        wait_for(lambda: trace.last("thumbnail-size") == "192", message="two steps larger")
        wait_for(lambda: columns(app)[0] < before and images_loaded(app, len(urls)), message="fewer, wider columns")
        after, wide = columns(app)
        assert wide >= 192, wide
        print(f"columns {before} × {width} px → {after} × {wide} px")
        display.screenshot("thumbnails-192")
        assert len(server.log()) == requests, "larger thumbnails are made from the cached originals"
    finally:
        app.stop()
    # The next start opens at the chosen size.
    again = App(display, server.url("/sizes.txt"), home=home)
    try:
        wait_for(lambda: images_loaded(again, len(urls)), 30, message="the thumbnails after a restart")
        wait_for(lambda: columns(again)[1] >= 192, message="the remembered size")
        again.press("ctrl+minus", "ctrl+minus", "ctrl+minus")
        wait_for(lambda: 100 <= columns(again)[1] <= 121, message="back to the smallest")
        # Ctrl with the wheel over the grid: a notch up is a size larger, down a size smaller.
        tile = again.tiles()[0]
        centre, corner = screen_centre(display, again.window_named("Link Gallery"), tile)
        display.xdotool("mousemove", *corner)
        time.sleep(0.1)
        display.xdotool("mousemove", *centre)
        time.sleep(0.1)
        display.xdotool("keydown", "ctrl")
        display.xdotool("click", 4)
        display.xdotool("keyup", "ctrl")
        wait_for(lambda: 128 <= columns(again)[1] <= 160, message="Ctrl+wheel up: 128 px cells")
        display.xdotool("keydown", "ctrl")
        display.xdotool("click", 5)
        display.xdotool("keyup", "ctrl")
        wait_for(lambda: 100 <= columns(again)[1] <= 121, message="Ctrl+wheel down: 100 px cells")
    finally:
        again.stop()


def test_the_selection_is_copied_opened_in_the_browser_after_asking_and_shown_as_a_slideshow(display, server, tmp_path):
    import os
    import subprocess

    urls = [server.url(f"/img/{140 + i}x100.png") for i in range(7)]
    opened = tmp_path / "opened.txt"
    opener = tmp_path / "xdg-open"
    opener.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{opened}"\n')
    opener.chmod(0o755)
    home = Path(tempfile.mkdtemp(prefix="lg-selection-acts-"))
    trace = Trace(home / "trace")
    app = App(display, server.write("acts.txt", "\n".join(urls) + "\n"), home=home,
              extra_env={"LINK_GALLERY_TRACE": str(trace.path), "PATH": f"{tmp_path}:{os.environ['PATH']}"})
    try:
        wait_for(lambda: images_loaded(app, len(urls)), 30, message="the thumbnails")
        app.do_action(button(app, "Select"))
        wait_for(lambda: selected_in_trace(trace) == "0", message="selection mode from the header's Select")
        app.do_action(button(app, "Select All"))
        wait_for(lambda: selected_in_trace(trace) == "7", message="Select All")

        app.do_action(button(app, "Copy Links"))
        def clipboard():
            result = subprocess.run(["xclip", "-o", "-selection", "clipboard"], env=display.env,
                                    capture_output=True, text=True, timeout=5)
            return result.stdout if result.returncode == 0 else None
        wait_for(lambda: clipboard() == "\n".join(urls), message="the links on the clipboard, one per line")

        app.do_action(button(app, "Open in Browser"))
        wait_for(lambda: app.find_all(contains="Open 7 links in the browser?"), message="the question first")
        assert not opened.exists(), "nothing opens before the person says so"
        display.screenshot("selection-open-in-browser-asks")
        app.do_action(button(app, "Open All"))
        wait_for(lambda: opened.exists() and len(opened.read_text().splitlines()) == 7, message="seven tabs")
        assert sorted(opened.read_text().splitlines()) == sorted(urls)

        # A slideshow of two of them.
        app.press("Escape")
        tiles = app.tiles()
        click_tile(app, display, tiles[2], "ctrl")
        click_tile(app, display, tiles[5], "ctrl")
        wait_for(lambda: selected_in_trace(trace) == "2", message="two tiles")
        app.do_action(button(app, "Slideshow"))
        viewer = app.window_named("1 / 2")
        assert "142x100" in viewer.name
        wait_for(lambda: trace.events("slideshow-started"), message="the slideshow")
    finally:
        app.stop()


def test_cancel_stops_a_save_that_waits_for_the_network_and_leaves_only_whole_files(display, server, tmp_path):
    """A save whose originals are still downloading shows "Saving 1 of 3" with Cancel; Cancel ends
    it at once: the picture already saved stays, nothing half written, and the report says so."""
    stalled = []
    for index in range(2):
        data = urllib.request.urlopen(server.url(f"/img/{400 + index}x300.jpg"), timeout=10).read()
        (server.root / f"stalled-{index}.jpg").write_bytes(data)
        # Two kilobytes, then nothing until the server stops.
        stalled.append(server.url(f"/fault/paced/20000/stalled-{index}.jpg?stall-after=2000"))
    urls = [server.url("/img/200x150.png")] + stalled
    app, trace = traced_app(display, server, "cancel-save", urls)
    try:
        wait_for(lambda: len(app.tiles()) == 3 and app.tiles()[0].name == f"Image {urls[0]}", 30,
                 message="the first thumbnail")
        app.do_action(button(app, "Select"))
        app.do_action(button(app, "Select All"))
        wait_for(lambda: selected_in_trace(trace) == "3", message="three selected")
        folder = tmp_path / "Half way"
        folder.mkdir()
        app.do_action(button(app, "Save to Folder…"))
        choose_folder(app, display, folder)
        bar = wait_for(lambda: next((p for p in app.find_all(role="progress bar", name="Saving pictures")), None),
                       message="the progress bar")
        wait_for(lambda: (folder / "200x150.png").exists(), message="the first picture saved")
        display.screenshot("save-progress")
        assert bar.queryValue().currentValue > 0
        app.do_action(button(app, "Cancel"))
        wait_for(lambda: trace.last("pictures-saved"), message="the save to end")
        assert trace.last("pictures-saved") == "1 0 2"
        wait_for(lambda: app.find_all(contains="2 were not saved: cancelled."), message="the report")
        assert sorted(path.name for path in folder.iterdir()) == ["200x150.png"], "nothing half written"
    finally:
        app.stop()
