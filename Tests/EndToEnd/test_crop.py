"""Crop to a copy as a person does it: C (or Crop… in the picture's menu) puts a frame over the
picture, a handle dragged with the mouse and the arrows move it, Save Copy… asks where, and the
file written is the part kept of the picture as shown — its pixels the original's there, its
colour profile and camera EXIF kept, its orientation reset — while the original stays as it was.
Escape leaves the crop without writing anything."""

import io
import time

import pyatspi
from PIL import Image, ImageChops, ImageOps, ImageStat

from harness import App, wait_for
from test_viewer import open_viewer, screen_centre, shown_image, visible

PROFILE = "/usr/share/color/icc/ghostscript/a98.icc"


def tagged_photo(path):
    """450×300 stored, EXIF orientation 6 (shown 300×450), Adobe RGB, a camera make."""
    across = Image.linear_gradient("L").rotate(90).resize((450, 300))
    down = Image.linear_gradient("L").resize((450, 300))
    image = Image.merge("RGB", (across, down, Image.new("L", (450, 300), 90)))
    exif = Image.Exif()
    exif[0x0112] = 6
    exif[0x010F] = "LinkGalleryCam"
    image.save(path, "JPEG", quality=95, exif=exif.tobytes(), icc_profile=open(PROFILE, "rb").read())


def test_a_crop_saved_is_the_part_kept_with_its_profile_and_the_original_untouched(display, server, tmp_path):
    tagged_photo(server.root / "tagged.jpg")
    original_bytes = (server.root / "tagged.jpg").read_bytes()
    app = App(display, server.write("crop.txt", server.url("/tagged.jpg") + "\n"))
    try:
        viewer = open_viewer(app, display, 0, image_count=1)
        canvas = shown_image(app, viewer, "tagged.jpg")[0]
        def canvas_height():
            return canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height
        full_height = canvas_height()
        app.press("Escape")  # nothing to leave yet: not fullscreen, not cropping
        app.press("c")
        save = visible(app, viewer, "push button", "Save Copy…")
        assert app.find_all(name="Aspect Ratio"), "the aspect choice is offered"
        wait_for(lambda: canvas_height() < full_height, message="the bar under the picture to take its room")
        (cx, cy), _ = screen_centre(display, viewer, canvas)
        # At best fit a 300×450 picture is shown at 100 % here: its top-left corner is there.
        left, top = cx - 150, cy - 225
        display.xdotool("mousemove", left, top)
        time.sleep(0.1)
        display.xdotool("mousedown", 1)
        for step in range(1, 11):
            display.xdotool("mousemove", left + 6 * step, top + 9 * step)
            time.sleep(0.03)
        display.xdotool("mouseup", 1)
        wait_for(lambda: app.find_all(name="Crop: 240 × 360 pixels at 60, 90"), message="the frame dragged to 240×360")
        app.press("Left")  # a step of the arrows: a hundredth of the longer side, 4.5 px
        wait_for(lambda: app.find_all(name="Crop: 240 × 360 pixels at 56, 90"), message="Left to move the frame")
        display.screenshot("crop-frame")

        app.do_action(save)
        chooser = app.window_named("Save Image")
        target = tmp_path / "kept.jpg"
        app.press("ctrl+a")
        display.xdotool("type", "--delay", "20", str(target))
        app.press("Return")
        wait_for(target.exists, 20, message="the cropped copy written")
        wait_for(lambda: not app.find_all(name="Save Copy…"), message="the crop left once saved")
        del chooser

        with Image.open(target) as copy:
            assert copy.size == (240, 360), copy.size
            assert copy.info.get("icc_profile") == open(PROFILE, "rb").read(), "the Adobe RGB profile kept"
            exif = copy.getexif()
            assert exif.get(0x0112, 1) == 1, "stored as shown"
            assert exif.get(0x010F) == "LinkGalleryCam", "the camera's make kept"
            with Image.open(io.BytesIO(original_bytes)) as original:
                shown = ImageOps.exif_transpose(original).convert("RGB")
            expected = shown.crop((56, 90, 296, 450))
            difference = ImageStat.Stat(ImageChops.difference(copy.convert("RGB"), expected)).mean
            assert max(difference) < 3, f"the pixels kept are the original's there: mean difference {difference}"
        assert (server.root / "tagged.jpg").read_bytes() == original_bytes, "the original untouched"
        cached = [path.read_bytes() for path in (app.cache / "originals").glob("*.bin")]
        assert any(original_bytes in data for data in cached), "the cached original holds the server's bytes still"

        # Escape leaves a crop without writing anything.
        app.press("c")
        visible(app, viewer, "push button", "Save Copy…")
        app.press("Escape")
        wait_for(lambda: not app.find_all(name="Save Copy…"), message="Escape to leave the crop")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.jpg"]
    finally:
        app.stop()
