"""Every way another links file comes in: a later launch, a file on disk that changes, Open…,
Open Address…, the recent lists (offline, from the cache), Ctrl+V of an address and a drop."""

import os
import socket
import subprocess
from pathlib import Path

import pyatspi

from harness import App, binary, wait_for, read_line
from pointer_drag import drag, move_window, window_center
from test_application import app_env


def images(server, prefix, count):
    return [server.url(f"/img/{120 + i}x{100 + i}.png?{prefix}") for i in range(count)]


def launch_again(app, *args, cwd=None):
    """A second `link-gallery …`, as from a terminal or a file manager: it hands its list to the
    running instance and exits."""
    second = subprocess.run([binary(), *args], env=app_env(app), cwd=cwd, capture_output=True, text=True, timeout=30)
    assert second.returncode == 0, second.stderr
    return second


def tile_names(app):
    return [tile.name for tile in app.tiles()]


def showing(app, urls):
    return wait_for(lambda: tile_names(app) == [f"Image {url}" for url in urls], 30,
                    message=f"the grid of {len(urls)} tiles of the list")


def subtitle(app, fragment):
    return wait_for(lambda: app.find_all(role="label", contains=fragment), message=f"a subtitle with {fragment!r}")


def menu_item(app, name):
    app.press("F10")
    return wait_for(lambda: [i for i in app.find_all(name=name) if "menu item" in i.getRoleName()],
                    message=f"the {name!r} menu item")[0]


def test_second_launch_shows_another_list_and_a_file_that_follows_its_edits(display, server, tmp_path):
    first = images(server, "a", 2)
    app = App(display, server.write("first.txt", "\n".join(first)))
    try:
        showing(app, first)
        second = images(server, "b", 3)
        launch_again(app, server.write("second.txt", "\n".join(second)))
        showing(app, second)
        subtitle(app, "second.txt")
        assert [w.name for w in app.windows() if w and w.name == "Link Gallery"] == ["Link Gallery"]

        # A file on disk, named relative to the launcher's folder (as a file manager's %U is not).
        (tmp_path / "lists").mkdir()
        on_disk = tmp_path / "lists" / "mine.txt"
        third = images(server, "c", 2)
        on_disk.write_text("\n".join(third + ["file:///etc/passwd"]) + "\n")
        launch_again(app, "lists/mine.txt", cwd=tmp_path)
        # The file's own file: link is shown as an invalid entry, never read.
        wait_for(lambda: tile_names(app) == [f"Image {url}" for url in third]
                 + ["Invalid entry: line 3, file:///etc/passwd"], 30, message="the list from disk")
        subtitle(app, "mine.txt")
        display.screenshot("open-file-from-disk")

        # Saved again by an editor (a new file renamed over the old one): the grid follows.
        edited = third + images(server, "d", 1)
        replacement = tmp_path / "lists" / ".mine.txt.tmp"
        replacement.write_text("\n".join(edited) + "\n")
        os.rename(replacement, on_disk)
        showing(app, edited)
        # Written in place too.
        on_disk.write_text("\n".join(edited[:1]) + "\n")
        showing(app, edited[:1])
    finally:
        app.stop()


def test_open_address_explains_a_bad_address_then_opens_a_good_one(display, server):
    first = images(server, "e", 1)
    app = App(display, server.write("start.txt", "\n".join(first)))
    try:
        showing(app, first)
        app.press("ctrl+l")
        dialog = app.window_named("Open Address")
        entry = wait_for(lambda: app.find_all(role="text", name="Address of a links file", root=dialog),
                         message="the address entry")[0]
        open_button = app.find_all(role="push button", name="Open", root=dialog)[0]
        assert not open_button.getState().contains(pyatspi.STATE_SENSITIVE)
        app.display.xdotool("type", "--delay", "20", "ftp://example.com/list.txt")
        wait_for(lambda: app.find_all(role="label", contains="Only web addresses", root=dialog),
                 message="the explanation of what is wrong")
        assert not open_button.getState().contains(pyatspi.STATE_SENSITIVE)
        display.screenshot("open-address-bad")

        other = images(server, "f", 2)
        good = server.write("typed.txt", "\n".join(other))
        app.press("ctrl+a", "BackSpace")
        app.display.xdotool("type", "--delay", "20", good)
        wait_for(lambda: open_button.getState().contains(pyatspi.STATE_SENSITIVE), message="Open enabled")
        assert not app.find_all(role="label", contains="Only web addresses", root=dialog)
        display.screenshot("open-address-good")
        app.press("Return")
        showing(app, other)
        subtitle(app, "typed.txt")
        assert entry is not None
    finally:
        app.stop()


def test_recent_list_reopens_offline_from_the_cache(display, server):
    first = images(server, "g", 2)
    first_url = server.write("earlier.txt", "\n".join(first))
    app = App(display, first_url)
    try:
        showing(app, first)
        later = images(server, "h", 1)
        launch_again(app, server.write("later.txt", "\n".join(later)))
        showing(app, later)
        server.stop()  # offline from here on

        item = menu_item(app, "earlier.txt (127.0.0.1)")
        display.screenshot("recent-lists")
        assert app.find_all(name="Forget Recent Lists")
        app.do_action(item)
        showing(app, first)
        subtitle(app, "earlier.txt")

        app.do_action(menu_item(app, "Forget Recent Lists"))
        wait_for(lambda: not (app.home / "config").exists()
                 or "earlier.txt" not in (app.home / "config" / "glib-2.0" / "settings" / "keyfile").read_text(),
                 message="the recent lists forgotten in the settings")
    finally:
        app.stop()


def test_ctrl_v_offers_to_open_a_copied_address(display, server):
    first = images(server, "i", 1)
    app = App(display, server.write("before-paste.txt", "\n".join(first)))
    try:
        showing(app, first)
        pasted = images(server, "j", 2)
        address = server.write("pasted.txt", "\n".join(pasted))
        clipboard = subprocess.Popen(["xclip", "-selection", "clipboard", "-loops", "1"], env=display.env,
                                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        clipboard.stdin.write(address.encode())
        clipboard.stdin.close()
        app.press("ctrl+v")
        wait_for(lambda: app.find_all(role="label", contains="Open the list at"), message="the offer to open it")
        # Only an offer: the list on screen stays until the person says so.
        assert tile_names(app) == [f"Image {url}" for url in first]
        app.do_action(wait_for(lambda: app.find_all(role="push button", name="Open"), message="the Open button")[0])
        showing(app, pasted)
        clipboard.wait(5)
    finally:
        app.stop()


def drag_onto_gallery(display, payload, *flags):
    """Drags `payload` from the test's own GTK window onto the gallery."""
    source = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "drag_source.py"), *flags, payload],
                              env=display.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert read_line(source).strip() == "READY"
        drag(display, move_window(display, "^Drag Source$", 1000, 700), window_center(display, "^Link Gallery$"))
    except BaseException:
        source.terminate()
        raise
    return source


def test_a_links_file_or_address_dropped_on_the_gallery_opens(display, server, tmp_path):
    first = images(server, "k", 1)
    app = App(display, server.write("before-drop.txt", "\n".join(first)))
    source = None
    try:
        showing(app, first)
        dropped = images(server, "l", 3)
        on_disk = tmp_path / "dropped.txt"
        on_disk.write_text("\n".join(dropped) + "\n")
        source = drag_onto_gallery(display, on_disk.as_uri())
        showing(app, dropped)
        subtitle(app, "dropped.txt")
        display.screenshot("dropped-list")
        source.terminate()
        source.wait(10)  # its window gone before the next source's appears

        # A link dragged from a browser: text/uri-list of a web address.
        linked = images(server, "m", 2)
        source = drag_onto_gallery(display, server.write("dragged-link.txt", "\n".join(linked)))
        showing(app, linked)
    finally:
        if source:
            source.terminate()
        app.stop()


def test_open_picks_a_links_file_with_the_file_chooser(display, server, tmp_path):
    first = images(server, "n", 1)
    app = App(display, server.write("before-open.txt", "\n".join(first)))
    try:
        showing(app, first)
        chosen = images(server, "o", 2)
        on_disk = tmp_path / "chosen.txt"
        on_disk.write_text("\n".join(chosen) + "\n")
        app.press("ctrl+o")
        # No portal here: GtkFileChooserNative shows GTK's own dialog, where Ctrl+L types a path.
        app.window_named("Open a Links File")
        display.screenshot("open-file-chooser")
        app.press("ctrl+l")
        app.display.xdotool("type", "--delay", "20", str(on_disk))
        app.press("Return")
        showing(app, chosen)
        subtitle(app, "chosen.txt")
    finally:
        app.stop()


def test_the_first_start_offline_offers_a_list_on_disk(display, server, tmp_path):
    """Issue 44: started with no connection and nothing saved, the window is not a dead end: its
    page offers Open a List… beside Retry, and a list chosen there opens."""
    with socket.socket() as probe:  # a port nobody listens on: the default list cannot come
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/never.txt"
    app = App(display, url)
    try:
        wait_for(lambda: app.find_all(name="No Connection"), 20, message="the no-connection page")
        button = wait_for(lambda: app.find_all(role="push button", name="Open a List…"), 10, message="Open a List… offered")[0]
        assert app.find_all(role="push button", name="Retry"), "beside Retry"
        display.screenshot("offline-first-start")
        chosen = images(server, "p", 2)
        on_disk = tmp_path / "on-disk.txt"
        on_disk.write_text("\n".join(chosen) + "\n")
        app.do_action(button)
        app.window_named("Open a Links File")
        app.press("ctrl+l")
        app.display.xdotool("type", "--delay", "20", str(on_disk))
        app.press("Return")
        showing(app, chosen)
        subtitle(app, "on-disk.txt")
    finally:
        app.stop()
