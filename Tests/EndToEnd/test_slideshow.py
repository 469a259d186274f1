"""A slideshow as a person runs one (issue 25): over a list with a broken link and a link that
is not an image, F5 in the viewer goes full screen and shows every picture in order, each one
decoded before its turn (no spinner ever), skipping the two that fail; Space pauses it, Escape
ends it on the picture then shown. State comes from the app's trace and AT-SPI."""

import re
import tempfile
import time
from pathlib import Path

from harness import App, wait_for
from test_slow_network import trace_events, visible_nodes
from test_grid_interaction import focus_grid, focused_tile_index
from test_viewer import click_tile, x_window

LINES = [
    "/img/640x480.jpg",
    "/fault/404?image.jpg",     # a broken link
    "/img/500x400.png",
    "/lying/html-as.jpg",       # says JPEG, is a web page
    "/img/300x600.png",
]


def slideshow_app(display, server, name, lines, settle_seconds=30):
    """The app on a list of `lines` with a 3 s slideshow interval and a trace, once its grid
    settled: the app, the trace, the viewer's pages and those of them that loaded."""
    links = server.write(f"{name}.txt", "\n".join(server.url(line) for line in lines) + "\n")
    home = Path(tempfile.mkdtemp(prefix=f"lg-{name}-"))
    settings = home / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text("[io/github/linkgallery/LinkGallery]\nslideshow-interval=3\n")
    trace = home / "trace"
    app = App(display, links, home=home, extra_env={"LINK_GALLERY_TRACE": str(trace)})
    try:
        wait_for(lambda: len(app.tiles()) == len(lines) and all("loading" not in (t.name or "") for t in app.tiles()),
                 settle_seconds, message="the grid settled")
    except AssertionError:
        app.stop()
        raise
    # The viewer pages through image links; the grid says which of them failed.
    in_viewer = [tile.name for tile in app.tiles() if not (tile.name or "").startswith("Not an image")]
    loading = [page for page, name in enumerate(in_viewer) if re.fullmatch(r"Image \S+", name)]
    print("viewer pages:", in_viewer)
    return app, trace, in_viewer, loading


def test_a_slideshow_shows_every_picture_in_order_without_a_spinner(display, server):
    app, trace, in_viewer, loading = slideshow_app(display, server, "slideshow", LINES)
    try:
        grid = app.window_named("Link Gallery")
        tiles = app.tiles()
        count = len(in_viewer)
        assert 0 < len(loading) < count, "some pictures load and some links fail" 
        click_tile(app, display, grid, tiles[0])
        viewer = app.window_named(f"1 / {count}")
        wait_for(lambda: trace_events(trace, "viewer-page-shown"), 20, message="the first picture")
        app.press("F5")
        wait_for(lambda: trace_events(trace, "slideshow-started"), 10, message="the slideshow started")
        wait_for(lambda: x_window(display, "/ %d" % count)[3] >= display.size[0], 10, message="full screen")
        display.screenshot("slideshow-running")
        # A move of the pointer brings the controls: Stop, pause, the time per picture.
        display.xdotool("mousemove", 300, 300)
        display.xdotool("mousemove", 320, 320)
        stop = wait_for(lambda: visible_nodes(app, viewer, "push button", name="Stop Slideshow"), 10,
                        message="the slideshow's controls")
        assert visible_nodes(app, viewer, "push button", name="Pause Slideshow")
        display.screenshot("slideshow-controls")

        # Every picture that loads, in order, and round again to the first.
        shown = lambda: [int(value) for value in trace_events(trace, "slideshow-slide")]
        wait_for(lambda: 0 in shown(), 60, message=f"the show looped round (slides so far: {shown()})")
        slides = shown()
        print("slides:", slides, "of", count, "pages in the viewer")
        loop = slides[:slides.index(0) + 1]
        assert loop == loading[1:] + [0], f"every picture that loads, in order, the failures skipped: {slides}"
        assert not trace_events(trace, "viewer-spinner-shown"), "no change ever showed a spinner"

        app.press("space")
        # The show says it is paused (its button now resumes) before the wait below.
        wait_for(lambda: app.find_all(role="push button", name="Resume Slideshow", root=viewer), 10,
                 message="the pause taken")
        paused_at = len(shown())
        time.sleep(4)  # longer than the interval: a paused show must not move (a wait on purpose)
        assert len(shown()) == paused_at, "paused"
        app.press("Escape")
        wait_for(lambda: trace_events(trace, "slideshow-stopped"), 10, message="the slideshow stopped")
        stopped_on = int(trace_events(trace, "slideshow-stopped")[-1])
        assert stopped_on == shown()[-1], "ended on the picture shown"
        wait_for(lambda: x_window(display, "/ %d" % count)[3] < display.size[0], 10, message="out of full screen")
        assert f"{stopped_on + 1} / {count}" in app.window_named(f" / {count}").name
    except AssertionError:
        print("trace:", trace.read_text() if trace.exists() else "(none)")
        raise
    finally:
        app.stop()


def test_a_slideshow_starts_from_the_selected_tile(display, server):
    lines = ["/img/320x240.jpg", "/img/330x240.png", "/img/340x240.jpg"]
    links = server.write("from-tile.txt", "\n".join(server.url(line) for line in lines) + "\n")
    home = Path(tempfile.mkdtemp(prefix="lg-slideshow-tile-"))
    trace = home / "trace"
    app = App(display, links, home=home, extra_env={"LINK_GALLERY_TRACE": str(trace)})
    try:
        wait_for(lambda: len(app.tiles()) == 3 and all("loading" not in (t.name or "") for t in app.tiles()), 30,
                 message="the grid settled")
        focus_grid(app)
        app.press("Home", "Right")
        wait_for(lambda: focused_tile_index(app) == 1, message="the second tile focused")
        app.press("shift+F10")
        item = wait_for(lambda: [node for node in app.find_all(name="Slideshow from Here")
                                 if node.getRoleName() == "menu item"], message="the tile menu")[0]
        app.do_action(item)
        wait_for(lambda: trace_events(trace, "slideshow-started") == ["1"], 10, message="a show from the second picture")
        wait_for(lambda: x_window(display, "/ 3")[3] >= display.size[0], 10, message="full screen")
        wait_for(lambda: trace_events(trace, "slideshow-slide")[:1] == ["2"], 20, message="then the third")
    finally:
        app.stop()


def test_a_slideshow_over_camera_photos_shows_each_picture_once_a_round(display, server):
    """Issue 35's case: six camera-sized photos (the fifth 48 MP, slow to arrive and to decode)
    with a broken link and a web page among them. Every picture that loads is shown once a
    round, in order, round after round; the show waits for the slow one, never jumps past it."""
    photos = [f"/img?w=4000&h=3000&fmt=jpg&seed={seed}" for seed in range(1, 7)]
    lines = [photos[0], photos[1], "/fault/404?photo.jpg", photos[2],
             "/fault/slow/3000/img?w=8000&h=6000&fmt=jpg&seed=5", photos[4], photos[5], "/lying/html-as.jpg"]
    app, trace, in_viewer, loading = slideshow_app(display, server, "camera-slideshow", lines, settle_seconds=90)
    try:
        grid = app.window_named("Link Gallery")
        tiles = app.tiles()
        count = len(in_viewer)
        assert len(loading) == 6, "the six photos load, the broken link does not"
        click_tile(app, display, grid, tiles[0])
        app.window_named(f"1 / {count}")
        wait_for(lambda: trace_events(trace, "viewer-page-shown"), 30, message="the first picture")
        app.press("F5")
        wait_for(lambda: trace_events(trace, "slideshow-started"), 10, message="the slideshow started")
        shown = lambda: [int(value) for value in trace_events(trace, "slideshow-slide")]
        rounds = loading[1:] + [0] + loading[1:] + [0]
        wait_for(lambda: len(shown()) >= len(rounds), 240, message=f"two rounds (slides so far: {shown()})")
        slides = shown()[:len(rounds)]
        print("slides:", shown(), "of", count, "pages")
        assert slides == rounds, f"every picture that loads, once a round, in order: {slides}"
        assert not trace_events(trace, "viewer-spinner-shown"), "no change ever showed a spinner"
    except AssertionError:
        print("trace:", trace.read_text() if trace.exists() else "(none)")
        raise
    finally:
        app.stop()
