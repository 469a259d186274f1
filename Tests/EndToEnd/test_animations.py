"""Every animated format plays in the running viewer (issues 51 and 52): a GIF, two APNGs, an
animated WebP, two AVIF sequences and two animated JPEG XL files — made at test time by each
format's own encoder, and from the public conformance sets (the AVIF sample set's
`star-8bpc.avifs`, the APNG test suite's `different_durations.png`, libjxl's
`animation_icos4d.jxl`) — listed side by side, so the viewer decodes its neighbours while each
page opens. Each page is photographed until its picture has changed and come back, which only
a looping animation does (a page sliding in changes once, and never back): one that stands
still fails. Before issue 52 a page of any of them but a GIF was decoded as a still, then asked
for again with its frames, let in only once nearly the whole pixel budget was free."""

import io
import re
import shutil
import subprocess
import time
from pathlib import Path

from PIL import Image

from harness import App
from test_viewer import links_file, open_viewer, shown_image, x_window

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures"
CONFORMANCE = [FIXTURES / "avif-sample-images" / "star-8bpc.avifs", FIXTURES / "apng-test-suite" / "different_durations.png",
               FIXTURES / "jxl-conformance" / "animation_icos4d.jxl"]
FRAME_MS = 400
SIZE = (320, 240)


def make_animations(folder):
    """The file names of the animations, made or copied into `folder` (the server's root)."""
    frames = [Image.new("RGB", SIZE, colour) for colour in ((230, 20, 20), (20, 20, 230))]
    for index, frame in enumerate(frames):
        frame.save(folder / f"frame{index}.png")
    frames[0].save(folder / "moving.gif", "GIF", save_all=True, append_images=frames[1:], duration=FRAME_MS, loop=0)
    frames[0].save(folder / "moving.png", "PNG", save_all=True, append_images=frames[1:], duration=FRAME_MS, loop=0)
    frames[0].save(folder / "moving.webp", "WEBP", save_all=True, append_images=frames[1:], duration=FRAME_MS, loop=0,
                   lossless=True)
    subprocess.run(["/usr/bin/avifenc", "-l", "--timescale", "1000", "--duration", str(FRAME_MS), str(folder / "frame0.png"),
                    str(folder / "frame1.png"), str(folder / "moving.avif")], check=True, capture_output=True, timeout=120)
    subprocess.run(["/usr/bin/cjxl", "-d", "0", str(folder / "moving.png"), str(folder / "moving.jxl")],
                   check=True, capture_output=True, timeout=120)
    # Thirty frames of 1024 × 1024, 126 MB of pixels: more than the app holds at once (96 MiB),
    # so it plays in spans of frames (issue 52), where it used to stand still.
    long = [Image.new("RGB", (1024, 1024), (8 * n, 255 - 8 * n, (90 * n) % 256)) for n in range(30)]
    long[0].save(folder / "long.gif", "GIF", save_all=True, append_images=long[1:], duration=100, loop=0)
    for path in CONFORMANCE:
        shutil.copy(path, folder / path.name)
    return ["moving.gif", "moving.png", "moving.webp", "moving.avif", "moving.jxl", "long.gif"] + [path.name for path in CONFORMANCE]


def photograph(display, box):
    """The pixels of `box` (x, y, width, height) on the screen, as bytes to compare."""
    x, y, width, height = box
    shot = subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{x}+{y}", "png:-"], env=display.env,
                          capture_output=True, check=True, timeout=60).stdout
    with Image.open(io.BytesIO(shot)) as image:
        return image.convert("RGB").tobytes()


def loops(shots):
    """True once some picture was seen, then another, then the first again."""
    for first in range(len(shots)):
        changed = next((index for index in range(first + 1, len(shots)) if shots[index] != shots[first]), None)
        if changed is not None and shots[first] in shots[changed + 1:]:
            return True
    return False


def test_every_animated_format_plays_in_the_viewer(display, server):
    names = make_animations(server.root)
    url, _ = links_file(server, ["/" + name for name in names], name="animations.txt")
    app = App(display, url)
    try:
        viewer = open_viewer(app, display, 0, image_count=len(names))
        for index, name in enumerate(names):
            if index:
                app.press("Right")
            shown_image(app, viewer, name)
            opened = time.monotonic()
            _, x, y, width, height = x_window(display, re.escape(viewer.name))
            # The middle of the page, where each of these (159 px and larger) draws.
            box = (x + width // 2 - 60, y + height // 2 - 60, 120, 120)
            shots = []
            moved = None
            # A deadline, not a measurement: a loaded machine takes seconds per photograph.
            deadline = opened + 60
            while time.monotonic() < deadline and not loops(shots):
                shots.append(photograph(display, box))
                if moved is None and len(set(shots)) > 1:
                    moved = time.monotonic() - opened
            if name.endswith(".avifs"):
                display.screenshot("viewer-animated-avif")
            assert loops(shots), f"{name} stood still: {len(set(shots))} different pictures in {len(shots)} photographs"
            print(f"{name}: moved within {moved:.1f} s, looped within {time.monotonic() - opened:.1f} s, {len(shots)} photographs")
            assert re.search(rf"\b{index + 1} / {len(names)}\b", viewer.name or ""), f"the viewer left {name}"
    finally:
        app.stop()
