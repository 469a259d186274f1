"""Where bubblewrap cannot run, pictures are still decoded (a filter and Landlock hold the
decoders) and the person is told so above the grid, until they choose "Don't Show Again":
the next launch says nothing. The notice names what protects the decoders on this computer and
the one command that gives the full sandbox (issue 42); each weaker protection is asked for by
skipping the stronger ones (LINK_GALLERY_DECODER_SKIPS). bubblewrap is hidden the way DESIGN.md
describes, in a mount namespace of the app's own (as root), so nothing on the machine changes."""

import os

import pytest

from harness import App, wait_for

# The app in a private mount namespace where /usr/bin/bwrap is /dev/null.
WITHOUT_BUBBLEWRAP = ("unshare", "-m", "--propagation", "private", "sh", "-c",
                      'mount --bind /dev/null /usr/bin/bwrap && exec "$0" "$@"')
NOTICE = "Pictures are decoded with"
INSTALL = "For full protection, install bubblewrap: sudo apt install bubblewrap"


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
        label = wait_for(lambda: next(iter(notice_labels(app)), None), 30, message="the notice")
        assert "bubblewrap cannot run here, so Landlock and a system-call filter keep the decoders away" in label.name
        assert INSTALL in label.name, "bubblewrap is missing: the command installs it"
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


@pytest.mark.parametrize("skipped, held", [
    ("landlock", "neither bubblewrap nor Landlock can run here, so the decoders run with your folders hidden"),
    ("landlock,mounts", "neither bubblewrap, Landlock nor private folders can run here, so only a system-call filter"),
])
def test_the_notice_names_the_weaker_protection_that_holds_the_decoders(display, server, skipped, held):
    assert os.geteuid() == 0, "hiding bubblewrap needs root (tools/test runs as root)"
    picture = server.url(f"/img/330x200.png?no-bwrap-{skipped}")
    links = server.write(f"no-bwrap-{skipped.replace(',', '-')}.txt", picture + "\n")
    app = App(display, links, wrapper=WITHOUT_BUBBLEWRAP, extra_env={"LINK_GALLERY_DECODER_SKIPS": skipped})
    try:
        wait_for(lambda: f"Image {picture}" in {tile.name for tile in app.tiles()}, 30,
                 message=f"the picture decoded, held by {skipped} skipped")
        label = wait_for(lambda: next(iter(notice_labels(app)), None), 30, message="the notice")
        assert held in label.name
        assert INSTALL in label.name
        display.screenshot(f"sandbox-notice-{skipped.replace(',', '-')}")
    finally:
        app.stop()
