"""The crop frame under a finger (broadway + headless Chromium, real touch events): C puts the
frame over the picture, and a finger dragging its top-left handle inward leaves the corner of
the picture it passed dimmed, outside the part kept."""

from broadway import TouchApp
from harness import FixtureServer, wait_for
from test_touch import LINES, open_tile


def brightness(image, point):
    return sum(image.getpixel((int(point[0]), int(point[1]))))


def test_a_finger_drags_the_crop_frames_handle():
    server = FixtureServer()
    url = server.write("touch-crop.txt", "\n".join(server.url(line) for line in LINES) + "\n")
    app = TouchApp(url)
    try:
        viewer = open_tile(app, 0)
        before = viewer.mark()
        app.browser.key("c")
        # The crop's bar takes room under the picture: the canvas is traced shorter.
        framed = wait_for(lambda: next((v for v in viewer.views_since(before) if v.rect and v.canvas[3] < viewer.views()[0].canvas[3]),
                                       None), 20, message="the canvas shortened by the crop's bar")
        corner = framed.to_page(framed.rect[0], framed.rect[1])
        probe = framed.to_page(framed.rect[0] + 25, framed.rect[1] + 40)
        whole = wait_for(lambda: (lambda shot: shot if brightness(shot, probe) > 100 else None)(app.browser.screenshot()),
                         message="the picture's corner bright: all of it kept at first")
        app.fingers.swipe(corner, (corner[0] + 80, corner[1] + 60), 500, steps=12)
        dimmed = wait_for(lambda: (lambda shot: shot if brightness(shot, probe) < brightness(whole, probe) * 0.7 else None)(
            app.browser.screenshot()), message="the corner the finger passed dimmed, outside the frame")
        app.browser.screenshot("touch-crop")
        print(f"crop by touch: the probe {brightness(whole, probe)} -> {brightness(dimmed, probe)}")
    finally:
        app.stop()
        server.stop()
