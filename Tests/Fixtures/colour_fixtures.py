"""Writes colour-tagged pictures in every container the app reads, and what lcms says each
should look like in sRGB, for ColorManagementTests.

    colour_fixtures.py FOLDER      writes FOLDER/*.{jpg,png,webp,tif,avif,heic} and FOLDER/expected.json

Each picture is 400 x 200: its left half is sRGB pure green and its right half an orange, both
converted into the picture's own colour space (Adobe RGB, ProPhoto) and stored with that
profile. The expected colours are lcms's own transform (Pillow's ImageCms) of the pixels as
stored, to sRGB, relative colorimetric with black-point compensation: what the app must show.
"""
import io
import json
import os
import random
import subprocess
import sys

from PIL import Image, ImageCms

PROFILES = "/usr/share/color/icc/ghostscript"
WIDTH, HEIGHT = 400, 200
LEFT, RIGHT = (0, 255, 0), (220, 120, 40)
SRGB = ImageCms.createProfile("sRGB")
# Pillow 9.1 named the intents in an enum; Debian 12 has 9.4.
RELATIVE = ImageCms.Intent.RELATIVE_COLORIMETRIC if hasattr(ImageCms, "Intent") else ImageCms.INTENT_RELATIVE_COLORIMETRIC


def profile_bytes(name):
    with open(os.path.join(PROFILES, name), "rb") as file:
        return file.read()


def display_p3():
    """A Display P3 profile (what iPhones tag their photos with), written here since no Debian
    package ships one: an ICC v2 matrix/TRC display profile with P3's primaries adapted to D50
    (Bradford) and the sRGB tone curve, as Apple's own profile has."""
    def s15(value):
        return int(round(value * 65536)).to_bytes(4, "big", signed=True)

    def xyz(x, y, z):
        return b"XYZ " + bytes(4) + s15(x) + s15(y) + s15(z)

    description = b"Display P3 (test)"
    desc = (b"desc" + bytes(4) + (len(description) + 1).to_bytes(4, "big") + description + b"\0"
            + bytes(4) + bytes(4) + bytes(2) + bytes(1) + bytes(67))
    # Parametric curve type 3: the sRGB transfer function.
    curve = b"para" + bytes(4) + (3).to_bytes(2, "big") + bytes(2) + b"".join(
        s15(v) for v in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))
    tags = [(b"desc", desc), (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
            (b"rXYZ", xyz(0.5151, 0.2412, -0.0011)), (b"gXYZ", xyz(0.2920, 0.6922, 0.0419)),
            (b"bXYZ", xyz(0.1571, 0.0666, 0.7841)), (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve),
            (b"cprt", b"text" + bytes(4) + b"No copyright, test data\0")]
    offset = 128 + 4 + 12 * len(tags)
    table, data = len(tags).to_bytes(4, "big"), b""
    for signature, body in tags:
        while len(body) % 4:
            body += b"\0"
        table += signature + (offset + len(data)).to_bytes(4, "big") + len(body).to_bytes(4, "big")
        data += body
    size = 128 + len(table) + len(data)
    header = (size.to_bytes(4, "big") + b"lcms" + bytes([2, 0x10, 0, 0]) + b"mntr" + b"RGB " + b"XYZ "
              + bytes(12) + b"acsp" + b"APPL" + bytes(4) + bytes(4) + bytes(4) + bytes(8) + bytes(4)
              + s15(0.9642) + s15(1.0) + s15(0.8249) + bytes(4) + bytes(16) + bytes(28))
    assert len(header) == 128
    return header + table + data


def picture(profile):
    """The two colours, converted from sRGB into `profile`'s space (None: left as sRGB)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), LEFT)
    image.paste(RIGHT, (WIDTH // 2, 0, WIDTH, HEIGHT))
    if profile is None:
        return image
    target = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    return ImageCms.profileToProfile(image, SRGB, target, renderingIntent=RELATIVE)


def to_srgb(stored, profile):
    """lcms's transform of the stored pixels to sRGB (or the pixels themselves, untagged)."""
    if profile is None:
        return stored
    source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    transform = ImageCms.buildTransform(source, SRGB, stored.mode, "RGB",
                                        renderingIntent=RELATIVE,
                                        flags=ImageCms.FLAGS["BLACKPOINTCOMPENSATION"])
    return ImageCms.applyTransform(stored, transform)


def sample(image):
    return {"left": list(image.getpixel((WIDTH // 4, HEIGHT // 2))),
            "right": list(image.getpixel((3 * WIDTH // 4, HEIGHT // 2)))}


def padded(profile, size):
    """The same profile grown to `size` bytes (its header's size says so): a JPEG must split
    it over several APP2 segments, each under 64 KB."""
    grown = bytearray(profile) + bytes(size - len(profile))
    grown[0:4] = size.to_bytes(4, "big")
    return bytes(grown)


def main(folder):
    expected = {}

    def record(name, written_pixels, profile):
        expected[name] = sample(to_srgb(written_pixels, profile))

    p3_path = os.path.join(folder, "display-p3.icc")
    with open(p3_path, "wb") as file:
        file.write(display_p3())
    profile_files = {"adobergb": os.path.join(PROFILES, "a98.icc"), "prophoto": os.path.join(PROFILES, "rommrgb.icc"),
                     "displayp3": p3_path}
    for label, path in profile_files.items():
        with open(path, "rb") as file:
            icc = file.read()
        stored = picture(icc)
        stored.save(os.path.join(folder, label + ".jpg"), "JPEG", quality=100, subsampling=0, icc_profile=icc)
        stored.save(os.path.join(folder, label + ".png"), "PNG", icc_profile=icc)
        stored.save(os.path.join(folder, label + ".webp"), "WEBP", lossless=True, icc_profile=icc)
        stored.save(os.path.join(folder, label + ".tif"), "TIFF", icc_profile=icc)
        for extension in ["jpg", "png", "webp", "tif"]:
            with Image.open(os.path.join(folder, label + "." + extension)) as written:
                record(label + "." + extension, written.convert("RGB"), icc)
        # The phone formats, losslessly, so the stored pixels are the PNG's.
        source = os.path.join(folder, label + "-source.png")
        stored.save(source, "PNG")
        subprocess.run(["avifenc", "--lossless", "--icc", path, source, os.path.join(folder, label + ".avif")],
                       check=True, stdout=subprocess.DEVNULL)
        record(label + ".avif", stored, icc)
        tagged_source = os.path.join(folder, label + "-tagged.png")
        stored.save(tagged_source, "PNG", icc_profile=icc)
        subprocess.run(["heif-enc", "-L", "-p", "chroma=444", "--matrix_coefficients=0",
                        "-o", os.path.join(folder, label + ".heic"), tagged_source],
                       check=True, stdout=subprocess.DEVNULL)
        record(label + ".heic", stored, icc)

    # An animated GIF in ProPhoto: an ICCRGBG1 application extension after the global colour
    # table carries the profile, in sub-blocks of at most 255 bytes. "left" is the first
    # frame's colour, "right" the second's.
    icc = profile_bytes("rommrgb.icc")
    stored = picture(icc)
    frames = [Image.new("RGB", (64, 64), stored.getpixel((WIDTH // 4, 0))),
              Image.new("RGB", (64, 64), stored.getpixel((3 * WIDTH // 4, 0)))]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=500, loop=0)
    gif = buffer.getvalue()
    table = 3 * (2 << (gif[10] & 7)) if gif[10] & 0x80 else 0
    chunks = b"".join(bytes([len(icc[i:i + 255])]) + icc[i:i + 255] for i in range(0, len(icc), 255))
    extension = b"\x21\xff\x0bICCRGBG1012" + chunks + b"\x00"
    with open(os.path.join(folder, "animated.gif"), "wb") as file:
        file.write(gif[:13 + table] + extension + gif[13 + table:])
    with Image.open(os.path.join(folder, "animated.gif")) as written:
        first = to_srgb(written.convert("RGB"), icc).getpixel((32, 32))
        written.seek(1)
        second = to_srgb(written.convert("RGB"), icc).getpixel((32, 32))
    expected["animated.gif"] = {"left": list(first), "right": list(second)}

    # A CMYK JPEG (Photoshop's way: Adobe marker, inverted ink) with its 187 KB press profile,
    # split over three APP2 segments.
    cmyk_icc = profile_bytes("default_cmyk.icc")
    cmyk = ImageCms.profileToProfile(picture(None), SRGB, ImageCms.ImageCmsProfile(io.BytesIO(cmyk_icc)),
                                     renderingIntent=RELATIVE, outputMode="CMYK")
    cmyk.save(os.path.join(folder, "press-cmyk.jpg"), "JPEG", quality=100, icc_profile=cmyk_icc)
    with Image.open(os.path.join(folder, "press-cmyk.jpg")) as written:
        record("press-cmyk.jpg", written.copy(), cmyk_icc)

    # A profile bigger than one JPEG segment holds: split over three, joined in order.
    big = padded(profile_bytes("a98.icc"), 150_000)
    picture(big).save(os.path.join(folder, "split.jpg"), "JPEG", quality=100, subsampling=0, icc_profile=big)
    with Image.open(os.path.join(folder, "split.jpg")) as written:
        record("split.jpg", written.convert("RGB"), profile_bytes("a98.icc"))

    # Untagged, and tagged with garbage: both are shown as the pixels say (sRGB).
    plain = picture(None)
    plain.save(os.path.join(folder, "untagged.jpg"), "JPEG", quality=100, subsampling=0)
    random.seed(5)
    garbage = bytes(random.randrange(256) for _ in range(700))
    plain.save(os.path.join(folder, "broken-profile.jpg"), "JPEG", quality=100, subsampling=0, icc_profile=garbage)
    plain.save(os.path.join(folder, "broken-profile.png"), "PNG", icc_profile=garbage)
    for name in ["untagged.jpg", "broken-profile.jpg", "broken-profile.png"]:
        with Image.open(os.path.join(folder, name)) as written:
            record(name, written.convert("RGB"), None)

    with open(os.path.join(folder, "expected.json"), "w") as file:
        json.dump(expected, file, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
