"""Copies and other shots of public photos, made outside the app, for the tuning of the app's
picture look (`LookHash`): each photo (a PNG, a JPEG, or a JPEG XL or AVIF file decoded by
djxl or avifdec first) is written upright as a PNG, then as the copies a list of links holds —
half and a quarter of the size, JPEG quality 50, half size at quality 70, 3 % and 6 % cut off
every side — and as another shot of the same scene, its framing moved by a fifth.

    look_variants.py OUTPUT_FOLDER PHOTO...      prints one line per photo: its name

Writes OUTPUT_FOLDER/<n>-original.png and OUTPUT_FOLDER/<n>-<variant>.<png|jpg>.
"""
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageOps

VARIANTS = ["half", "quarter", "q50", "half-q70", "crop3", "crop6", "scene"]


def read(path, scratch):
    if path.suffix in (".jxl", ".avif"):
        tool = ["/usr/bin/djxl"] if path.suffix == ".jxl" else ["/usr/bin/avifdec"]
        subprocess.run(tool + [str(path), str(scratch)], check=True, capture_output=True, timeout=120)
        path = scratch
    with Image.open(path) as image:
        return ImageOps.exif_transpose(image).convert("RGB")


def main():
    out = Path(sys.argv[1])
    for number, name in enumerate(sys.argv[2:]):
        photo = read(Path(name), out / "decoded.png")
        width, height = photo.size
        photo.save(out / f"{number}-original.png")
        photo.resize((width // 2, height // 2), Image.LANCZOS).save(out / f"{number}-half.png")
        photo.resize((width // 4, height // 4), Image.LANCZOS).save(out / f"{number}-quarter.png")
        photo.save(out / f"{number}-q50.jpg", "JPEG", quality=50)
        photo.resize((width // 2, height // 2), Image.LANCZOS).save(out / f"{number}-half-q70.jpg", "JPEG", quality=70)
        for percent in (3, 6):
            x, y = width * percent // 100, height * percent // 100
            photo.crop((x, y, width - x, height - y)).save(out / f"{number}-crop{percent}.png")
        photo.crop((width // 5, height // 5, width, height)).resize((width, height), Image.LANCZOS).save(out / f"{number}-scene.png")
        print(Path(name).name)


main()
