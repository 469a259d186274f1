"""A picture goes to other apps the GNOME way: a tile or the viewer's picture dragged out gives
its link as text/uri-list and the picture itself."""

import queue
import subprocess
import threading
from pathlib import Path

from harness import App, wait_for
from pointer_drag import drag, move_window
from test_viewer import open_viewer, screen_centre, shown_image


class Lines:
    """The helper's output, line by line, read without ever blocking the test for good."""

    def __init__(self, stream):
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line.strip()) for line in stream], daemon=True).start()

    def next(self, what):
        return wait_for(lambda: None if self.lines.empty() else self.lines.get(), 30, message=what)


def drop_window(display):
    target = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "drop_target.py")],
                              env=display.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    output = Lines(target.stdout)
    assert output.next("the drop window") == "READY"
    return target, output, move_window(display, "^Drop Target$", 1000, 650)


def test_the_viewers_picture_dragged_up_or_down_gives_its_link_and_the_full_picture(display, server):
    urls = [server.url("/img/640x480.png"), server.url("/img/300x200.png")]
    app = App(display, server.write("share-viewer.txt", "\n".join(urls) + "\n"))
    target = None
    try:
        viewer = open_viewer(app, display, 0, image_count=2)
        canvas = shown_image(app, viewer, "640x480.png")[0]
        target, output, target_centre = drop_window(display)
        centre, _ = screen_centre(display, viewer, canvas)
        # Down first: sideways would turn the page.
        drag(display, centre, target_centre, via=(centre[0], centre[1] + 60))
        formats = output.next("the formats offered")
        assert "text/uri-list" in formats and "image/png" in formats, formats
        assert output.next("the link") == f"URIS {urls[0]}"
        assert output.next("the picture").split() == ["IMAGE", "640", "480"]
        assert "1 / 2" in viewer.name, "a drag out does not turn the page"
    finally:
        if target:
            target.terminate()
        app.stop()


def test_a_tile_dragged_to_another_app_gives_its_link_and_picture(display, server):
    url = server.url("/img/150x120.png")
    app = App(display, server.write("share-out.txt", url + "\n"))
    target = None
    try:
        tile = wait_for(lambda: [t for t in app.tiles() if t.name == f"Image {url}"], 30, message="the loaded tile")[0]
        target, output, target_centre = drop_window(display)
        centre, _ = screen_centre(display, app.window_named("Link Gallery"), tile)
        drag(display, centre, target_centre)
        formats = output.next("the formats offered")
        assert formats.startswith("FORMATS") and "text/uri-list" in formats and "image/png" in formats, formats
        assert output.next("the link") == f"URIS {url}"
        image = output.next("the picture").split()
        assert image[0] == "IMAGE" and int(image[1]) > 0 and int(image[2]) > 0, image
        # Dropped elsewhere, the gallery still shows its own list.
        assert [t.name for t in app.tiles()] == [f"Image {url}"]
    finally:
        if target:
            target.terminate()
        app.stop()
