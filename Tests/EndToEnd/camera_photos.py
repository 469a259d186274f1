"""Camera-sized JPEGs made at test time (nothing large is committed), shared by the end-to-end
test of the viewer and its benchmark (Benchmarks/AppBench/viewer_bench.py).

Each photo is one colour under grey noise (so it compresses like a photo, not like a flat
colour), with a 1-pixel black-and-white checkerboard in its middle: at best fit it averages to
grey, at 100 % its pixels alternate, so a screenshot tells full detail from a scaled picture."""

from pathlib import Path

from PIL import Image

CHECKER_SIDE = 256
MEGAPIXELS = {24: (6000, 4000), 50: (8660, 5773)}


def _checker(side=CHECKER_SIDE):
    return Image.frombytes("L", (side, side), bytes(((x + y) & 1) * 255 for y in range(side) for x in range(side)))


def write_photo(path: Path, width, height, colour, bottom_colour=None, orientation=None):
    """A JPEG of `width` × `height` stored pixels. With `orientation` 6 the pixels are stored
    turned (the photo's top is the stored left edge): `colour` is the upright top half and
    `bottom_colour` the bottom half."""
    if path.exists():
        return path
    image = Image.new("RGB", (width, height), colour)
    if bottom_colour is not None:
        # Upright top = stored left half when the photo is stored turned (orientation 6).
        half = (width // 2, 0, width, height) if orientation == 6 else (0, height // 2, width, height)
        image.paste(bottom_colour, half)
    noise = Image.effect_noise((width, height), 48).convert("RGB")
    image = Image.blend(image, noise, 0.2)
    del noise
    checker = _checker().convert("RGB")
    image.paste(checker, ((width - CHECKER_SIDE) // 2, (height - CHECKER_SIDE) // 2))
    options = {"quality": 90, "subsampling": 0}
    if orientation:
        exif = Image.Exif()
        exif[0x0112] = orientation
        options["exif"] = exif.tobytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".part")
    image.save(temporary, "JPEG", **options)
    temporary.rename(path)
    return path


# Distinct colours, far apart, so a screenshot names the photo shown.
COLOURS = [(200, 40, 40), (40, 160, 40), (40, 60, 200), (200, 180, 40), (160, 40, 160), (40, 170, 170),
           (220, 120, 30), (120, 120, 220), (90, 200, 90), (200, 90, 140), (130, 90, 40), (60, 130, 100),
           (230, 200, 160), (100, 40, 80)]


def close_to(pixel, colour, tolerance=60):
    """The photo's colour under its noise (blended at 20 %: within about ±45 per channel)."""
    return all(abs(int(a) - int(b)) <= tolerance for a, b in zip(pixel, colour))


def alternates(pixels):
    """True when a row of pixels alternates dark and light like the checkerboard at 100 %."""
    levels = [sum(p) / 3 for p in pixels]
    jumps = sum(1 for a, b in zip(levels, levels[1:]) if abs(a - b) > 100)
    return jumps >= len(levels) * 3 // 4
