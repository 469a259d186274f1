"""Inputs for the app-level benchmarks, generated and seeded so every run sees the same bytes.

The cold-fill set mirrors the real links file: mostly small search thumbnails behind
extensionless URLs with a query string (the app has to sniff them), some camera-size photos,
a few PNGs and a handful of 12 and 24 megapixel JPEGs.
"""

import random
from pathlib import Path

from PIL import Image

# (count, folder, extension, (min width, max width), (min height, max height), format)
COLD_FILL_MIX = [
    (140, "tbn", "", (180, 320), (140, 260), "JPEG"),
    (40, "photos", ".jpg", (1024, 1920), (768, 1280), "JPEG"),
    (8, "png", ".png", (480, 800), (360, 600), "PNG"),
    (8, "large", ".jpg", (4000, 4000), (3000, 3000), "JPEG"),
    (4, "large", ".jpg", (6000, 6000), (4000, 4000), "JPEG"),
]
SMALL_IMAGE_COUNT = COLD_FILL_MIX[0][0]
INPUTS_VERSION = "v1"


def photo_like(width, height, seed):
    """Gradients with seeded noise: JPEG timings of flat images or pure noise would mislead."""
    rng = random.Random(seed)
    horizontal = Image.linear_gradient("L").rotate(90).resize((width, height))
    vertical = Image.linear_gradient("L").resize((width, height))
    blue = Image.new("L", (width, height), rng.randrange(40, 220))
    base = Image.merge("RGB", (horizontal, vertical, blue))
    noise = Image.effect_noise((width, height), 40).convert("RGB")
    return Image.blend(base, noise, 0.2)


def make_images(root: Path):
    """Writes the 200 cold-fill images under root (once) and returns their paths, shuffled."""
    done = root / f".complete-{INPUTS_VERSION}"
    rng = random.Random(2024)
    paths = []
    index = 0
    for count, folder, extension, widths, heights, pil_format in COLD_FILL_MIX:
        (root / folder).mkdir(parents=True, exist_ok=True)
        for _ in range(count):
            width, height = rng.randint(*widths), rng.randint(*heights)
            relative = f"{folder}/{index:04d}{extension}"
            if not done.exists():
                image = photo_like(width, height, index)
                options = {"quality": 88} if pil_format == "JPEG" else {}
                image.save(root / relative, format=pil_format, **options)
            paths.append(relative)
            index += 1
    done.touch()
    rng.shuffle(paths)
    return paths


def cold_fill_urls(base, paths, latency_ms):
    """Extensionless thumbnails get a search-engine-like query string, as in the real file."""
    urls = []
    for number, relative in enumerate(paths):
        query = f"?q=tbn:ANd9Gc{number:06x}" if relative.startswith("tbn/") else ""
        urls.append(f"{base}/fault/slow/{latency_ms}/{relative}{query}")
    return urls


def many_image_urls(base, count):
    """`count` distinct URLs (distinct cache keys and downloads) over the small thumbnails."""
    return [f"{base}/tbn/{index % SMALL_IMAGE_COUNT:04d}?q=tbn:{index}" for index in range(count)]


def placeholder_lines(count):
    """Lines that are not links: every tile is a labelled placeholder, no image at all."""
    return [f"Plain text line {index}, not a link" for index in range(count)]


def write_links(root: Path, name, lines):
    path = root / name
    path.write_text("\n".join(lines) + "\n")
    return "/" + name
