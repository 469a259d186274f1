#!/usr/bin/python3
"""Grey pictures with a grey ICC profile, and what lcms makes of them (issue 51).

Usage: grey_profile_fixtures.py JXL FOLDER — writes into FOLDER:
  grey.png      djxl's 8-bit decode of JXL (libjxl's conformance `grayscale.jxl`: grey pixels in
                linear light with a linear grey profile, which djxl writes into the PNG's iCCP)
  grey.jpg      the same pixels as a grey JPEG (quality 100) with the profile in APP2
  grey.tif      the same as a grey TIFF (Pillow) with the profile in its ICC tag
  grey.avif     the same as a monochrome AVIF (avifenc --yuv 400, lossless) with the profile in
                its colr box; its reference is made from avifdec's decode of it
  grey.heic     the same as a lossless HEIC (heif-enc, x265) with the profile in its colr box;
                its reference from heif-convert's decode of it (a JPEG at quality 100, whose
                equal R, G and B are read as the grey they are: libheif 1.15 writes no PNG of it)
  expected.json for each file, the picture's size and the sRGB colour lcms (Pillow's ImageCms,
                relative colorimetric with black-point compensation) gives its stored pixels at
                eight points across the middle row: "points" [[x, y], …], "colours" [[r, g, b], …]
The JPEG's reference is made from the JPEG as Pillow decodes it, so both sides start from the
same stored greys; nothing here is read through the app."""

import io
import json
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageCms


def reference(image):
    profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
    # Pillow 9.4 (Debian 12) names these INTENT_… and FLAGS[…] (Pillow 10: Intent, Flags).
    return ImageCms.profileToProfile(image, profile, ImageCms.createProfile("sRGB"), outputMode="RGB",
                                     renderingIntent=ImageCms.INTENT_RELATIVE_COLORIMETRIC,
                                     flags=ImageCms.FLAGS["BLACKPOINTCOMPENSATION"])


def describe(path):
    with Image.open(path) as image:
        image.load()
        profile = image.info.get("icc_profile")
        if image.mode == "RGB":
            image = image.convert("L")
            image.info["icc_profile"] = profile
        assert image.mode == "L" and profile, (path, image.mode)
        converted = reference(image)
        width, height = image.size
        points = [[width * index // 8 + width // 16, height // 2] for index in range(8)]
        return {"width": width, "height": height, "points": points,
                "colours": [list(converted.getpixel(tuple(point))) for point in points]}


def main():
    source, folder = Path(sys.argv[1]), Path(sys.argv[2])
    png, jpeg, tiff, avif = (folder / name for name in ("grey.png", "grey.jpg", "grey.tif", "grey.avif"))
    subprocess.run(["djxl", str(source), str(png), "--bits_per_sample=8"], check=True, capture_output=True)
    with Image.open(png) as image:
        image.save(jpeg, quality=100, icc_profile=image.info["icc_profile"])
        image.save(tiff, icc_profile=image.info["icc_profile"])
        (folder / "grey.icc").write_bytes(image.info["icc_profile"])
    subprocess.run(["avifenc", "--yuv", "400", "--min", "0", "--max", "0", "--icc", str(folder / "grey.icc"), str(png), str(avif)],
                   check=True, capture_output=True)
    subprocess.run(["avifdec", str(avif), str(folder / "grey-avifdec.png")], check=True, capture_output=True)
    heic = folder / "grey.heic"
    subprocess.run(["heif-enc", "-L", "-p", "chroma=444", str(png), "-o", str(heic)], check=True, capture_output=True)
    subprocess.run(["heif-convert", "-q", "100", str(heic), str(folder / "grey-heif-convert.jpg")], check=True, capture_output=True)
    expected = {"grey.png": describe(png), "grey.jpg": describe(jpeg), "grey.tif": describe(tiff),
                "grey.avif": describe(folder / "grey-avifdec.png"), "grey.heic": describe(folder / "grey-heif-convert.jpg")}
    (folder / "expected.json").write_text(json.dumps(expected))


if __name__ == "__main__":
    main()
