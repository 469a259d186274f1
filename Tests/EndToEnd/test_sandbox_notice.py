"""Where bubblewrap cannot run, pictures are still decoded (a filter and Landlock hold the
decoders) and the person is told so above the grid, until they choose "Don't Show Again":
the next launch says nothing. bubblewrap is hidden the way DESIGN.md describes, in a mount
namespace of the app's own (as root), so nothing on the machine changes."""

import os

from harness import App, wait_for

# The app in a private mount namespace where /usr/bin/bwrap is /dev/null.
WITHOUT_BUBBLEWRAP = ("unshare", "-m", "--propagation", "private", "sh", "-c",
                      'mount --bind /dev/null /usr/bin/bwrap && exec "$0" "$@"')
NOTICE = "bubblewrap sandbox cannot run here"


def notice_labels(app):
    return [label for label in app.find_all(role="label") if NOTICE in (label.name or "")]


def test_without_bubblewrap_pictures_load_and_the_notice_can_be_dismissed_for_good(display, server):
    assert os.geteuid() == 0, "hiding bubblewrap needs root (tools/test runs as root)"
    pictures = [server.url("/img/300x200.gif?no-bwrap"), server.url("/img/320x200.bmp?no-bwrap"),
                server.url("/img/400x300.jpg?no-bwrap")]
    links = server.write("no-bwrap.txt", "\n".join(pictures))
    app = App(display, links, wrapper=WITHOUT_BUBBLEWRAP)
    home = app.home
    try:
        def names():
            return {tile.name for tile in app.tiles()}
        for url in pictures:
            wait_for(lambda: f"Image {url}" in names(), 30, message=f"{url} decoded without bubblewrap")
        wait_for(lambda: notice_labels(app), 30, message="the notice")
        display.screenshot("sandbox-notice")
        button = wait_for(lambda: next(iter(app.find_all(role="push button", name="Don’t Show Again")), None),
                          message="the notice's button")
        app.do_action(button)
        settings = home / "config" / "glib-2.0" / "settings" / "keyfile"
        wait_for(lambda: settings.exists() and "sandbox-notice-dismissed=true" in settings.read_text(),
                 message="the choice remembered")
    finally:
        app.stop()

    # A picture not seen before: its decode finds bubblewrap missing again, which is when the
    # notice would show (the others' thumbnails come from the cache and decode nothing).
    fresh = server.url("/img/310x200.gif?no-bwrap-second")
    links = server.write("no-bwrap-2.txt", "\n".join(pictures + [fresh]))
    app = App(display, links, home=home, wrapper=WITHOUT_BUBBLEWRAP)
    try:
        def names():
            return {tile.name for tile in app.tiles()}
        wait_for(lambda: f"Image {fresh}" in names(), 30, message="the new GIF, decoded by a worker")
        assert not notice_labels(app), "dismissed for good"
    finally:
        app.stop()
