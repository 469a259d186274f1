"""Set as Background… as a person uses it (issue 35): through the desktop portal where one
runs (a stand-in on the test's session bus that records what it was asked), otherwise through
GNOME's background settings; the picture is the original, copied to the backgrounds folder,
and the person is told."""

import subprocess
import tempfile
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlparse

from harness import App, wait_for, read_line
from test_viewer import open_viewer, shown_image


def set_as_background(app, viewer):
    menu = wait_for(lambda: app.find_all(role="push button", name="Picture Menu", root=viewer), message="the picture menu")[0]
    inner = app.find_all(role="push button", name="Picture Menu", root=menu)
    app.do_action(inner[0] if inner else menu)
    item = wait_for(lambda: [node for node in app.find_all(name="Set as Background…") if node.getRoleName() == "menu item"],
                    message="Set as Background…")[0]
    app.do_action(item)


def test_set_as_background_through_the_portal(display, server):
    url = server.url("/img/640x480.png")
    served = urllib.request.urlopen(url).read()
    portal = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "fake_wallpaper_portal.py"), "0"],
                              stdout=subprocess.PIPE, text=True)
    home = Path(tempfile.mkdtemp(prefix="lg-background-"))
    try:
        assert read_line(portal).strip() == "READY"
        # A picture of the person's under the name the app picks stays as it is (issue 42).
        own = home / "data" / "backgrounds" / "640x480.png"
        own.parent.mkdir(parents=True)
        own.write_bytes(b"the person's own picture")
        app = App(display, server.write("background.txt", url + "\n"), home=home)
        try:
            viewer = open_viewer(app, display, 0, image_count=1)
            shown_image(app, viewer, "640x480.png")
            set_as_background(app, viewer)
            asked = read_line(portal).split()
            assert asked[0] == "SET" and asked[2:] == ["True", "background"], asked
            path = Path(unquote(urlparse(asked[1]).path))
            assert path.parent == home / "data" / "backgrounds", path
            assert path.read_bytes() == served, "the original, byte for byte"
            assert path.name == "640x480 (2).png", path
            assert own.read_bytes() == b"the person's own picture", "the person's file is not written over"
            wait_for(lambda: app.find_all(name="Set as the desktop background"), 10, message="the person told")
            display.screenshot("background-portal")
        finally:
            app.stop()
    finally:
        portal.terminate()
        portal.wait(5)


def test_set_as_background_through_gnome_settings_without_a_portal(display, server):
    url = server.url("/img/300x200.jpg")
    served = urllib.request.urlopen(url).read()
    home = Path(tempfile.mkdtemp(prefix="lg-background-settings-"))
    app = App(display, server.write("background-settings.txt", url + "\n"), home=home)
    try:
        viewer = open_viewer(app, display, 0, image_count=1)
        shown_image(app, viewer, "300x200.jpg")
        set_as_background(app, viewer)
        wait_for(lambda: app.find_all(name="Set as the desktop background"), 10, message="the person told")
        keyfile = home / "config" / "glib-2.0" / "settings" / "keyfile"
        text = wait_for(lambda: keyfile.exists() and "org/gnome/desktop/background" in keyfile.read_text() and keyfile.read_text(),
                        10, message="GNOME's background keys written")
        section = text.split("[org/gnome/desktop/background]", 1)[1].split("\n[", 1)[0]
        values = dict(line.split("=", 1) for line in section.strip().splitlines() if "=" in line)
        uri = values["picture-uri"].strip("'")
        assert values.get("picture-uri-dark", "").strip("'") == uri
        assert values.get("picture-options") == "'zoom'"
        assert Path(unquote(urlparse(uri).path)).read_bytes() == served
    finally:
        app.stop()
