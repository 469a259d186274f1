"""The references for AVIFConformanceTests: a picture as libheif's heif-convert or libavif's
avifdec decodes it, turned to sRGB by lcms when it carries a profile, written as raw RGBA rows.

    avif_reference.py heif|avif PICTURE.avif OUT.rgba   prints "WIDTH HEIGHT" and "lossy" when the
                                                        reference went through a JPEG; exits 3
                                                        when the decoder refuses the picture
    avif_reference.py avif SEQUENCE.avifs OUT.rgba N    the same of frame N of an image sequence
    avif_reference.py frames SEQUENCE.avifs             prints each frame's duration in ms, a line
                                                        each, as avifdec --info reads them

heif-convert applies the crop, mirror and rotation (avifdec 0.11 leaves them, and refuses odd
crops and some alpha files); avifdec reads 10- and 12-bit monochrome right where libheif 1.15 is
about nine levels off the source picture. Where libpng refuses to store a picture's profile,
heif-convert writes a JPEG of quality 100 instead, which keeps it (see shared DESIGN notes).
"""
import io
import os
import re
import subprocess
import sys
import tempfile

from PIL import Image, ImageCms

RELATIVE = ImageCms.Intent.RELATIVE_COLORIMETRIC if hasattr(ImageCms, "Intent") else ImageCms.INTENT_RELATIVE_COLORIMETRIC


def decode(tool, source, folder, index=0):
    for name in ["decoded.png", "decoded.jpg"]:
        output = os.path.join(folder, name)
        command = (["heif-convert", "-q", "100", source, output] if tool == "heif"
                   else ["avifdec", "--index", str(index), source, output])
        result = subprocess.run(command, capture_output=True)
        if result.returncode == 0 and os.path.exists(output):
            return output
    return None


def durations(source):
    """Each frame's duration in ms from avifdec --info: "[duration 0.10 (1024 timescales)]"
    over "N timescales per second"."""
    info = subprocess.run(["avifdec", "--info", source], capture_output=True, text=True).stdout
    scale = int(re.search(r"(\d+) timescales per second", info).group(1))
    for ticks in re.findall(r"\[duration [\d.]+ \((\d+) timescales\)\]", info):
        print(round(int(ticks) * 1000 / scale))


def main(tool, source, output, index=0):
    with tempfile.TemporaryDirectory() as folder:
        decoded = decode(tool, source, folder, index)
        if decoded is None:
            sys.exit(3)
        image = Image.open(decoded)
        image.load()
        profile = image.info.get("icc_profile")
        image = image.convert("RGBA")
        if profile:
            alpha = image.getchannel("A")
            rgb = ImageCms.profileToProfile(image.convert("RGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile)),
                                            ImageCms.createProfile("sRGB"), renderingIntent=RELATIVE)
            image = rgb.convert("RGBA")
            image.putalpha(alpha)
        with open(output, "wb") as file:
            file.write(image.tobytes())
        print(image.width, image.height, "lossy" if decoded.endswith(".jpg") else "exact")


if __name__ == "__main__":
    if sys.argv[1] == "frames":
        durations(sys.argv[2])
    else:
        main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 0)
