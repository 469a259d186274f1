#!/usr/bin/python3
"""Writes the seed corpus for the fuzz targets into Fuzz/corpus/{links,sniffer,replies}/.

The seeds are committed; this script documents where they came from and can make them again
(Debian's /usr/bin/python3 has PIL). Seeds stay small: libFuzzer mutates them, and small inputs
run faster. Run: /usr/bin/python3 Fuzz/make-seed-corpus.py
"""
import io
import os
import struct
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
LINKS = os.path.join(HERE, "corpus", "links")
SNIFFER = os.path.join(HERE, "corpus", "sniffer")
REPLIES = os.path.join(HERE, "corpus", "replies")

GSTATIC = "https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9GcQ7x3kYl0aZ2pR8mVb1nW4cT6hJ9sEoFuDgiA&usqp=CAU"


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(data)


def links_seeds():
    realistic = [
        GSTATIC,
        "https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9GcSb2&s",
        "",
        "https://upload.wikimedia.org/wikipedia/commons/a/a9/Example.jpg",
        "http://example.com/photos/IMG_0042.JPG?size=large#top",
        "https://example.org/missing-page.html",
        "Holiday pictures, part 2",
        "   https://example.net/pic.png   ",
    ]
    write(LINKS, "realistic-lf.txt", ("\n".join(realistic) + "\n").encode())
    write(LINKS, "bom-crlf.txt", b"\xef\xbb\xbf" + "\r\n".join(realistic).encode() + b"\r\n\r\n")
    write(LINKS, "lone-cr.txt", "\r".join(realistic).encode())
    write(LINKS, "mixed-line-ends.txt", b"https://a.example/1.jpg\r\n\rhttps://b.example/2.gif\n\r\n\t \nlast")
    write(LINKS, "invalid-utf8.txt",
          b"https://example.com/\xff\xfe\x80bad.jpg\n\xc3\x28 not text\nhttps://ex\xe2\x82ample.com/x\n\xed\xa0\x80\n")
    odd = [
        "HTTPS://EXAMPLE.COM/UPPER.JPG",
        "https://пример.рф/картинка.jpg",
        "https://xn--e1afmkfd.xn--p1ai/a.png",
        "http://[::1]:8080/x.png",
        "http://[fe80::1%25eth0]/x",
        "http://user:pa ss@host.example:443/a b.jpg?q=ü#frag ment",
        "https://host.example:99999/too-big-port.jpg",
        "https://:80/no-host.jpg",
        "http://",
        "http:/one-slash.jpg",
        "https://exa%6Dple.com/percent-host.jpg",
        "https://example.com/%zz%4/bad-escapes.jpg",
        "ftp://example.com/file.jpg",
        "file:///etc/passwd",
        "javascript:alert(1)",
        "data:image/png;base64,iVBORw0KGgo=",
        "mailto:someone@example.com",
        "//example.com/scheme-relative.jpg",
        "\u00a0\u200bhttps://example.com/nbsp-zwsp.jpg\u3000",
        "https://exa mple.com/space-in-host.jpg",
        "https://example.com/" + "a" * 300 + ".jpg",
        "h\u0000ttp://nul.example/x.jpg",
    ]
    write(LINKS, "odd-urls.txt", ("\n".join(odd) + "\n").encode("utf-8"))
    write(LINKS, "blank-only.txt", b"\n\r\n \t\n\xef\xbb\xbf\n")
    write(LINKS, "empty.txt", b"")


def image_bytes(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def gradient(width, height, mode="RGB"):
    image = Image.new(mode, (width, height))
    image.putdata([(x * 32 % 256, y * 32 % 256, (x ^ y) * 16 % 256, 255)[: len(mode)]
                   for y in range(height) for x in range(width)])
    return image


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def sniffer_seeds():
    small = gradient(8, 6)
    jpeg = image_bytes(small, "JPEG", quality=80)
    png = image_bytes(small, "PNG")
    write(SNIFFER, "small.jpg", jpeg)
    write(SNIFFER, "truncated.jpg", jpeg[: len(jpeg) // 2])
    write(SNIFFER, "progressive.jpg", image_bytes(small, "JPEG", quality=80, progressive=True))
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: rotate 90° clockwise
    write(SNIFFER, "exif-rotated.jpg", image_bytes(gradient(8, 4), "JPEG", exif=exif.tobytes()))
    write(SNIFFER, "small.png", png)
    write(SNIFFER, "truncated.png", png[: len(png) - 20])
    write(SNIFFER, "alpha.png", image_bytes(gradient(5, 5, "RGBA"), "PNG"))
    # Header of a PNG that claims 30000×30000: the size gates must refuse it before decoding.
    ihdr = struct.pack(">IIBBBBB", 30000, 30000, 8, 2, 0, 0, 0)
    write(SNIFFER, "huge-header.png", b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IEND", b""))
    write(SNIFFER, "small.gif", image_bytes(gradient(4, 4).convert("P"), "GIF"))
    frames = [gradient(4, 4).convert("P"), Image.new("P", (4, 4), 3)]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=50, loop=0)
    write(SNIFFER, "animated.gif", buffer.getvalue())
    write(SNIFFER, "small.webp", image_bytes(small, "WEBP", quality=60))
    write(SNIFFER, "lossless.webp", image_bytes(small, "WEBP", lossless=True))
    write(SNIFFER, "small.bmp", image_bytes(small, "BMP"))
    write(SNIFFER, "small.ico", image_bytes(gradient(16, 16, "RGBA"), "ICO", sizes=[(16, 16)]))
    write(SNIFFER, "small-le.tiff", image_bytes(small, "TIFF"))
    write(SNIFFER, "small-be.tiff", b"MM\x00\x2a" + image_bytes(small, "TIFF")[4:8] + b"\x00" * 8)
    write(SNIFFER, "small.ppm", b"P6\n4 2\n255\n" + bytes(range(24)))
    write(SNIFFER, "small.svg",
          b'<?xml version="1.0"?>\n<!-- a comment -->\n<svg xmlns="http://www.w3.org/2000/svg" '
          b'width="40" height="20"><rect width="40" height="20" fill="#3a7"/></svg>\n')
    write(SNIFFER, "avif-ftyp.avif", b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf" + b"\x00" * 16)
    write(SNIFFER, "heic-ftyp.heic", b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + b"\x00" * 16)
    write(SNIFFER, "not-found.html",
          b"<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body>Not found</body></html>\n")
    write(SNIFFER, "bmw.txt", b"BMW 320i for sale, call 555-0100\n")


def new_format_seeds():
    """JPEG XL made by cjxl (libjxl-tools): a lossy file, whose start draws coarse, and a lossless
    one, drawn only whole; a Fujifilm RAF made by the tests' own fixture."""
    import importlib.util, subprocess, tempfile
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "small.png")
        gradient(32, 24).save(source)
        for name, quality in (("small-lossy.jxl", "80"), ("small-lossless.jxl", "100")):
            target = os.path.join(folder, name)
            subprocess.run(["cjxl", source, target, "-q", quality], check=True, capture_output=True)
            with open(target, "rb") as handle:
                write(SNIFFER, name, handle.read())
        fixture = os.path.join(HERE, "..", "Tests", "Fixtures", "raf_fixture.py")
        spec = importlib.util.spec_from_file_location("raf_fixture", fixture)
        raf_fixture = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(raf_fixture)
        target = os.path.join(folder, "small.raf")
        raf_fixture.raf(target, 16, 12, preview=(16, 12))
        with open(target, "rb") as handle:
            write(SNIFFER, "small.raf", handle.read())


def animated_webp_seed():
    """An animated WebP of three frames, which libwebp's animation decoder reads."""
    frames = [Image.new("RGB", (8, 8), colour) for colour in ((200, 40, 40), (40, 200, 40), (40, 40, 200))]
    out = io.BytesIO()
    frames[0].save(out, "WEBP", save_all=True, append_images=frames[1:], duration=100, loop=0, lossless=True)
    write(SNIFFER, "animated.webp", out.getvalue())


def reply_header(code=0, declared=(4, 4), size=(4, 4), channels=4, frames=0, placed=0, refused_by=0, request_id=7):
    """A decode worker's reply header as DecodeReply writes it: magic, status and detail, then
    fourteen 32-bit fields and the request's 64-bit id, little-endian."""
    fields = [declared[0], declared[1], size[0], size[1], channels, frames, 0, 0, 0, 8, 0, 0, placed, refused_by]
    return struct.pack("<III", 0x5244474C, code, 0) + struct.pack("<14I", *fields) + struct.pack("<Q", request_id)


def replies_seeds():
    still = reply_header() + bytes(4 * 4 * 4)
    write(REPLIES, "still.bin", still)
    animation = reply_header(frames=2) + bytes(64) + (struct.pack("<I", 100) + bytes(64)) * 2
    write(REPLIES, "animation.bin", animation)
    write(REPLIES, "clip.bin", reply_header(declared=(400, 300), placed=1) + bytes(64))
    write(REPLIES, "damaged.bin", reply_header(code=1, size=(0, 0), channels=0, refused_by=1))
    copy = struct.pack("<QI", 4, 0) + b"\x89PNG"
    write(REPLIES, "turned-copy.bin", copy)
    write(REPLIES, "metadata.bin", b"make\tCanon\nmodel\tEOS R6\niso\t400\norientation\t6\nposition\t59.9,30.3\n")


if __name__ == "__main__":
    links_seeds()
    sniffer_seeds()
    new_format_seeds()
    animated_webp_seed()
    replies_seeds()
    for folder in (LINKS, SNIFFER, REPLIES):
        print(folder, len(os.listdir(folder)), "files")
