"""Save Image As… of a picture the person turned (issue 42: what a person sees is what is saved):
the real file chooser opens with "The picture as turned" chosen, and Return writes the picture
as shown — turned, its colours the original's — beside the original untouched."""

from PIL import Image, ImageChops, ImageStat

from harness import App, wait_for
from test_viewer import open_viewer, shown_image


def marked_picture(path):
    """300×200: blue, with a red block in the top-left corner, so a turn shows where it went."""
    image = Image.new("RGB", (300, 200), (40, 80, 200))
    image.paste((220, 30, 30), (0, 0, 60, 40))
    image.save(path, "PNG")


def test_the_chooser_of_a_turned_picture_starts_on_the_turned_picture(display, server, tmp_path):
    marked_picture(server.root / "marked.png")
    original_bytes = (server.root / "marked.png").read_bytes()
    app = App(display, server.write("turned.txt", server.url("/marked.png") + "\n"))
    try:
        viewer = open_viewer(app, display, 0, image_count=1)
        shown_image(app, viewer, "marked.png")
        app.press("ctrl+r")  # turned right: 200×300, the red block in the top-right corner
        app.press("shift+ctrl+s")
        chooser = app.window_named("Save Image")
        # The choice's drop-down shows its selected option as a label inside it.
        shown = wait_for(lambda: [label.name for combo in app.find_all(role="combo box", root=chooser)
                                  for label in app.find_all(role="label", root=combo)
                                  if label.name in ("The picture as turned", "The original as downloaded")],
                         message="the chooser's choice of copy")
        assert shown == ["The picture as turned"], f"the chooser starts on the turned picture, not {shown}"
        display.screenshot("save-turned-chooser")
        target = tmp_path / "saved.png"
        app.press("ctrl+a")
        display.xdotool("type", "--delay", "20", str(target))
        app.press("Return")
        wait_for(target.exists, 20, message="the turned picture written")
        wait_for(lambda: target.stat().st_size > 0 and not app.find_all(name="The picture as turned"),
                 message="the chooser closed and the file complete")

        with Image.open(target) as saved:
            assert saved.size == (200, 300), f"saved as turned: {saved.size}"
            expected = Image.open(server.root / "marked.png").convert("RGB").rotate(-90, expand=True)
            difference = ImageStat.Stat(ImageChops.difference(saved.convert("RGB"), expected)).mean
            assert max(difference) < 1, f"the picture as shown: mean difference {difference}"
        assert (server.root / "marked.png").read_bytes() == original_bytes, "the original untouched"
    finally:
        app.stop()
