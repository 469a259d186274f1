#!/usr/bin/python3
"""Takes the screenshots in this folder from the real app: a 1280×800 Xvfb with openbox, the
fixture server serving generated landscapes plus two entries that are not images, the gallery
maximized, then the viewer.

    tools/run --version   # builds the release binary, compiles the schema and translations
    LINK_GALLERY_BIN=$(swift build -c release --show-bin-path)/link-gallery \\
        dbus-run-session -- /usr/bin/python3 data/screenshots/take-screenshots.py [OUT_DIR]

Writes gallery.png, gallery-dark.png and viewer.png to OUT_DIR (default: this folder),
phone-gallery.png and phone-viewer.png (both windows at a phone's 360 × 720), and with
--menu also gallery-menu.png with the main menu open. The style
comes from the `color-scheme` key in a keyfile GSettings backend, as a user's choice would.
Set LANGUAGE (and LC_ALL=C.UTF-8, as gettext ignores LANGUAGE in the C locale) with
LINK_GALLERY_LOCALEDIR to take them in another language.
"""

import gettext
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "EndToEnd"))
from harness import App, Display, FixtureServer, wait_for  # noqa: E402

WIDTH, HEIGHT = 1280, 800
IMAGE_COUNT = 96  # more than fit: the grid looks full and scrolls

# (sky top, sky horizon, sun, nearest ridge) — dawn, day, sunset, dusk, night, misty.
PALETTES = [
    ((36, 59, 115), (250, 176, 120), (255, 236, 190), (30, 36, 58)),
    ((70, 140, 220), (190, 225, 250), (255, 255, 235), (34, 70, 52)),
    ((92, 40, 110), (255, 120, 70), (255, 210, 120), (45, 20, 40)),
    ((20, 30, 70), (200, 110, 150), (255, 200, 200), (18, 18, 38)),
    ((8, 12, 35), (40, 60, 110), (235, 235, 220), (5, 8, 20)),
    ((150, 170, 180), (225, 230, 225), (250, 250, 240), (70, 85, 90)),
    ((25, 90, 120), (120, 210, 200), (255, 250, 220), (20, 60, 60)),
]


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def ridge(rng, width, roughness):
    """Midpoint displacement: a mountain outline as heights 0…1 for x = 0…width."""
    size = 1
    while size < width:
        size *= 2
    heights = [0.0] * (size + 1)
    heights[0], heights[size] = rng.uniform(-1, 1), rng.uniform(-1, 1)
    step, scale = size, 1.0
    while step > 1:
        half = step // 2
        for start in range(0, size, step):
            heights[start + half] = (heights[start] + heights[start + step]) / 2 + rng.uniform(-scale, scale)
        step, scale = half, scale * roughness
    low, high = min(heights), max(heights)
    return [(heights[x] - low) / (high - low or 1) for x in range(width + 1)]


def landscape(seed, width=1200, height=800):
    rng = random.Random(seed * 7919 + 17)
    top, horizon, sun, near = PALETTES[seed % len(PALETTES)]
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        draw.line([(0, y), (width, y)], fill=mix(top, horizon, min(1.0, y / (height * 0.65)) ** 1.3))

    # The sun's halo: a blurred disc added onto the sky.
    glow = Image.new("RGB", (width, height), (0, 0, 0))
    sun_x, sun_y = rng.uniform(0.15, 0.85) * width, rng.uniform(0.18, 0.42) * height
    radius = rng.uniform(0.035, 0.07) * min(width, height * 1.5)
    ImageDraw.Draw(glow).ellipse([sun_x - radius * 3, sun_y - radius * 3, sun_x + radius * 3, sun_y + radius * 3],
                                 fill=mix((0, 0, 0), sun, 0.35))
    image = ImageChops.add(image, glow.filter(ImageFilter.GaussianBlur(radius * 1.5)))
    draw = ImageDraw.Draw(image)
    draw.ellipse([sun_x - radius, sun_y - radius, sun_x + radius, sun_y + radius], fill=sun)

    lake = seed % 3 == 0
    layers = rng.randint(3, 5)
    haze = mix(horizon, top, 0.2)
    for layer in range(layers):
        depth = layer / (layers - 1)
        if lake and layer == layers - 1:
            break
        color = mix(haze, near, 0.2 + 0.8 * depth ** 0.9)
        base = height * (0.52 + 0.3 * depth)
        amplitude = height * rng.uniform(0.12, 0.26) * (1.1 - 0.5 * depth)
        outline = ridge(rng, width, rng.uniform(0.48, 0.6))
        draw.polygon([(x, base - amplitude * h) for x, h in enumerate(outline)] + [(width, height), (0, height)],
                     fill=color)

    if lake:  # still water mirrors the hills and the sky above it
        water = int(height * 0.74)
        reflection = image.crop((0, 2 * water - height, width, water)).transpose(Image.FLIP_TOP_BOTTOM)
        reflection = Image.blend(reflection.filter(ImageFilter.GaussianBlur(2)),
                                 Image.new("RGB", reflection.size, near), 0.3)
        image.paste(reflection, (0, water))
        draw = ImageDraw.Draw(image)
        for _ in range(60):
            y = rng.uniform(water + 3, height)
            x = rng.uniform(-50, width)
            draw.line([(x, y), (x + rng.uniform(30, 160), y)], fill=mix(reflection.getpixel((0, 0)), sun, 0.25))
    return image


def write_images(root):
    names = []
    for seed in range(IMAGE_COUNT):
        # A few portrait and square pictures among the landscapes.
        size = (800, 1100) if seed % 7 == 3 else (900, 900) if seed % 11 == 5 else (1200, 800)
        name = f"landscape-{seed:02d}.jpg"
        landscape(seed, *size).save(root / name, quality=88)
        names.append(name)
    return names


def write_keyfile(home, scheme, size=None):
    """The style, and the window maximized, or of `size` (width, height)."""
    folder = home / "config" / "glib-2.0" / "settings"
    folder.mkdir(parents=True, exist_ok=True)
    width, height = size or (WIDTH, HEIGHT)
    if size:  # as on a phone (Phosh): a window has its close button only
        gtk = home / "config" / "gtk-4.0"
        gtk.mkdir(parents=True, exist_ok=True)
        (gtk / "settings.ini").write_text("[Settings]\ngtk-decoration-layout=:close\n")
    (folder / "keyfile").write_text(
        "[io/github/linkgallery/LinkGallery]\n"
        f"color-scheme='{scheme}'\nwindow-maximized={'false' if size else 'true'}\nwindow-width={width}\nwindow-height={height}\n")


def translated(message):
    """The app's own translation of a UI string, to find widgets by name in any language."""
    localedir = os.environ.get("LINK_GALLERY_LOCALEDIR")
    return gettext.translation("link-gallery", localedir, fallback=True).gettext(message)


def take(display, links_url, scheme, out, name, viewer=False, menu=False, size=None):
    """`size`: the windows at (width, height) at the screen's top left, the shot cut to it."""
    home = Path(tempfile.mkdtemp(prefix="lg-shots-"))
    write_keyfile(home, scheme, size)
    try:
        app = App(display, links_url, home=home)
    except AssertionError:
        # Now and then a freshly started app never shows up on the accessibility bus; once more.
        app = App(display, links_url, home=home)
    try:
        app.window_named("Link Gallery")
        if size:
            main_id = display.toplevel("^Link Gallery$")[0]
            display.xdotool("windowsize", main_id, *size)
            display.xdotool("windowmove", main_id, 0, 0)
        wait_for(lambda: len(app.tiles()) > 0, 30, message="tiles")
        # Only tiles near the viewport load; the first screenful is what the picture shows.
        wait_for(lambda: not any("(" in (tile.name or "") for tile in app.tiles()[:80]), 60, message="thumbnails")
        # Keep the pointer on the empty header bar: no hover highlight or tooltip in the picture.
        display.xdotool("mousemove", WIDTH // 4, 25)
        time.sleep(1.5)
        if menu:
            # Maximized at 0,0, so AT-SPI's window-relative extents are screen positions.
            app.click(app.find_all(role="push button", name=translated("Main Menu"))[0])
            time.sleep(1.0)
        if viewer:
            app.click(app.tiles()[1 if size else 25])  # landscape-23, a wide sunset (on a phone, the second)
            app.press("Return")
            wait_for(lambda: len(app.windows()) > 1, message="the viewer")
            time.sleep(0.5)
            window_id = display.xdotool("search", "--pid", app.process.pid, "--name", "landscape").split()[-1]
            display.xdotool("windowsize", window_id, *(size or (WIDTH, HEIGHT)))
            display.xdotool("windowmove", window_id, 0, 0)
            display.xdotool("mousemove", WIDTH // 4 if not size else size[0] + 40, 25)
            time.sleep(2.5)
        shot = display.screenshot(name)
        if size:
            with Image.open(shot) as whole:
                whole.crop((0, 0, *size)).save(out / f"{name}.png")
        else:
            (out / f"{name}.png").write_bytes(shot.read_bytes())
        print(out / f"{name}.png")
    finally:
        app.stop()


def main():
    # What tools/run prepares: without the schema the app would ignore the keyfile's style.
    os.environ.setdefault("GSETTINGS_SCHEMA_DIR", str(ROOT / ".build" / "schemas"))
    os.environ.setdefault("LINK_GALLERY_LOCALEDIR", str(ROOT / ".build" / "locale"))
    arguments = [argument for argument in sys.argv[1:] if argument != "--menu"]
    out = Path(arguments[0]) if arguments else HERE
    out.mkdir(parents=True, exist_ok=True)
    display = Display(WIDTH, HEIGHT)
    server = FixtureServer()
    try:
        names = write_images(server.root)
        lines = [server.url("/" + name) for name in names]
        lines.insert(9, server.url("/html/page"))       # a link to a web page, not to an image
        lines.insert(23, "see the pictures from the trip below")  # not a link at all
        links_url = server.write("links.txt", "\n".join(lines) + "\n")
        take(display, links_url, "light", out, "gallery")
        take(display, links_url, "dark", out, "gallery-dark")
        take(display, links_url, "dark", out, "viewer", viewer=True)
        take(display, links_url, "light", out, "phone-gallery", size=(360, 720))
        take(display, links_url, "light", out, "phone-viewer", viewer=True, size=(360, 720))
        if "--menu" in sys.argv:  # for checking translations; not one of the published shots
            take(display, links_url, "light", out, "gallery-menu", menu=True)
    finally:
        server.stop()
        display.stop()


if __name__ == "__main__":
    main()
