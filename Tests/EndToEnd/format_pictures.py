"""Pictures as phones, cameras and sites make them, written at test time by the real encoders
(PIL, heif-enc, avifenc, cjxl; a Fujifilm RAF by the tests' own fixture), each in a colour of
its own so a screenshot tells them apart.

`write_all(folder)` returns [(file name, the sRGB colour a person must see)], with None for a
picture that must say why it is not shown."""

import io
import subprocess
import struct
from pathlib import Path

from PIL import Image, ImageCms

PROFILES = Path("/usr/share/color/icc/ghostscript")
SIZE = (240, 180)
GREEN = (0, 255, 0)
SRGB = ImageCms.createProfile("sRGB")
RELATIVE = ImageCms.Intent.RELATIVE_COLORIMETRIC if hasattr(ImageCms, "Intent") else ImageCms.INTENT_RELATIVE_COLORIMETRIC


def _flat(colour):
    return Image.new("RGB", SIZE, colour)


def _in_profile(colour, profile_name):
    """`colour` (sRGB) as stored in a picture tagged with the named profile."""
    icc = (PROFILES / profile_name).read_bytes()
    target = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    return ImageCms.profileToProfile(_flat(colour), SRGB, target, renderingIntent=RELATIVE), icc


def _ico_with_png(path, colour):
    """A favicon as written today: an ICO directory whose entries are PNGs (16 and 64 px)."""
    pngs = []
    for side in (16, 64):
        buffer = io.BytesIO()
        Image.new("RGBA", (side, side), colour + (255,)).save(buffer, "PNG")
        pngs.append((side, buffer.getvalue()))
    data = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    for side, png in pngs:
        data += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
    path.write_bytes(data + b"".join(png for _, png in pngs))


def write_all(folder: Path):
    folder.mkdir(parents=True, exist_ok=True)
    pictures = []

    def add(name, colour):
        pictures.append((name, colour))

    _flat((200, 40, 40)).save(folder / "photo.jpg", "JPEG", quality=95)
    add("photo.jpg", (200, 40, 40))
    _flat((40, 60, 200)).save(folder / "graphic.png", "PNG")
    add("graphic.png", (40, 60, 200))
    _flat((230, 200, 40)).save(folder / "web.webp", "WEBP", lossless=True)
    add("web.webp", (230, 200, 40))
    _flat((200, 90, 140)).save(folder / "scan.tif", "TIFF")
    add("scan.tif", (200, 90, 140))
    _flat((130, 90, 40)).save(folder / "old.bmp", "BMP")
    add("old.bmp", (130, 90, 40))
    _flat((40, 170, 170)).quantize(4).save(folder / "anim.gif", "GIF")
    add("anim.gif", (40, 170, 170))
    _ico_with_png(folder / "favicon.ico", (60, 130, 100))
    add("favicon.ico", (60, 130, 100))

    # The phone formats, from a PNG, losslessly in RGB so the colour is exact.
    source = folder / "phone-source.png"
    _flat((220, 120, 30)).save(source)
    subprocess.run(["heif-enc", "-L", "-p", "chroma=444", "--matrix_coefficients=0", "-o", str(folder / "iphone.heic"),
                    str(source)], check=True, stdout=subprocess.DEVNULL)
    add("iphone.heic", (220, 120, 30))
    _flat((160, 40, 160)).save(source)
    subprocess.run(["avifenc", "--lossless", str(source), str(folder / "site.avif")], check=True,
                   stdout=subprocess.DEVNULL)
    add("site.avif", (160, 40, 160))

    # Pure green in ProPhoto and in Adobe RGB, and the ProPhoto pixels without their profile:
    # the tagged ones must look green, the twin shows what ignoring the profile looks like.
    prophoto, prophoto_icc = _in_profile(GREEN, "rommrgb.icc")
    prophoto.save(folder / "prophoto.jpg", "JPEG", quality=100, subsampling=0, icc_profile=prophoto_icc)
    add("prophoto.jpg", GREEN)
    prophoto.save(folder / "prophoto-untagged.jpg", "JPEG", quality=100, subsampling=0)
    add("prophoto-untagged.jpg", prophoto.getpixel((0, 0)))
    adobe, adobe_icc = _in_profile(GREEN, "a98.icc")
    adobe.save(folder / "adobe-rgb.png", "PNG", icc_profile=adobe_icc)
    add("adobe-rgb.png", GREEN)

    # JPEG XL, by libjxl's own encoder: a plain one, and Adobe RGB green (lossless keeps its
    # profile), which must look green.
    _flat((230, 120, 40)).save(folder / "next-source.png", "PNG")
    subprocess.run(["cjxl", "-q", "90", str(folder / "next-source.png"), str(folder / "next.jxl")], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    add("next.jxl", (230, 120, 40))
    adobe.save(folder / "adobe-rgb-source.png", "PNG", icc_profile=adobe_icc)
    subprocess.run(["cjxl", "-d", "0", str(folder / "adobe-rgb-source.png"), str(folder / "adobe-rgb.jxl")], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    add("adobe-rgb.jxl", GREEN)
    # A JPEG XL codestream signature and nothing of a picture: libjxl reads it and refuses it.
    (folder / "broken.jxl").write_bytes(bytes([0xFF, 0x0A, 0xFA, 0x1F, 0x41, 0x91, 0x08, 0x06]) + bytes(200))
    add("broken.jxl", None)

    # A camera's RAF, its own container: the tile is its JPEG preview, whose middle band is green.
    raf_fixture = _fixture("raf_fixture")
    raf_fixture.raf(str(folder / "camera.raf"), 480, 320, preview=(480, 320))
    add("camera.raf", raf_fixture.BANDS[1])
    return pictures


def _fixture(name):
    """A module of Tests/Fixtures, loaded from its file."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parents[1] / "Fixtures" / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
