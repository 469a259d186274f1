"""Files whose headers lie, in a links file among good photos, through the real app: the app
lives, each lying file is its own tile's reason, the photos load, and a relaunch (the lying
files cached or not) is just as alive. One 319-byte AVIF whose `ispe` said 2^32 - 1 square
once killed the app at every launch."""

import struct
import zlib

from harness import App, wait_for


def box(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind + body


def iso_media(brand, side):
    """One picture (item 1: `pitm`, `iinf`, `iloc`) whose `ispe` property (tied by `ipma`) says
    `side` square: what libheif reads before any pixel."""
    full_box = struct.pack(">I", 0)
    item_type = b"av01" if brand == b"avif" else b"hvc1"
    ispe = box(b"ispe", full_box + struct.pack(">II", side, side))
    infe = box(b"infe", bytes([2, 0, 0, 0]) + struct.pack(">HH", 1, 0) + item_type + b"\0")
    iloc = box(b"iloc", full_box + bytes([0x44, 0]) + struct.pack(">HHHHII", 1, 1, 0, 1, 0, 64))
    ipma = box(b"ipma", full_box + struct.pack(">IH", 1, 1) + bytes([1, 0x81]))
    meta = box(b"meta", full_box + box(b"hdlr", bytes(8) + b"pict" + bytes(13)) + box(b"pitm", full_box + struct.pack(">H", 1))
               + iloc + box(b"iinf", full_box + struct.pack(">H", 1) + infe) + box(b"iprp", box(b"ipco", ispe) + ipma))
    return box(b"ftyp", brand + bytes(4) + brand + b"mif1") + meta + box(b"mdat", bytes(64))


def png(side):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(64))) + chunk(b"IEND", b""))


def tiff_loop():
    entries = [(256, 4, 64), (257, 4, 64), (258, 3, 8), (262, 3, 1), (273, 4, 200), (279, 4, 64)]
    body = b"II" + struct.pack("<HI", 42, 8) + struct.pack("<H", len(entries))
    body += b"".join(struct.pack("<HHII", tag, kind, 1, value) for tag, kind, value in entries)
    return body + struct.pack("<I", 8) + bytes(200)


CRAFTED = {
    "ispe-max.avif": (iso_media(b"avif", 0xFFFFFFFF), "Too large"),
    "ispe-max.heic": (iso_media(b"heic", 0x7FFFFFFF), "Too large"),
    "ihdr-big.png": (png(0x7FFFFFFF), "Too large"),
    "ihdr-max.png": (png(0xFFFFFFFF), "Damaged image"),  # past PNG's own 2^31 - 1: libpng calls it broken
    "ifd-loop.tif": (tiff_loop(), None),  # whatever libtiff says of it, as long as it says it
}


def test_lying_headers_are_their_tiles_reasons_and_the_app_lives(display, server):
    good = [server.url(f"/img/{400 + i}x300.jpg") for i in range(3)]
    crafted = {}
    for name, (body, reason) in CRAFTED.items():
        (server.root / name).write_bytes(body)
        crafted[server.url("/" + name)] = reason
    lines = good[:1] + list(crafted)[:2] + good[1:2] + list(crafted)[2:] + good[2:]
    links = server.write("crafted.txt", "\n".join(lines))
    home = None
    for launch in ("first", "second"):
        app = App(display, links, home=home)
        home = app.home
        try:
            def names():
                return {tile.name for tile in app.tiles()}
            wait_for(lambda: all(f"Image {url}" in names() for url in good), 30, message=f"the photos ({launch} launch)")
            for url, reason in crafted.items():
                said = f"Image {url} ({reason})" if reason else f"Image {url} ("
                wait_for(lambda: any(name.startswith(said) for name in names()), 30,
                         message=f"{url} → {reason or 'a reason'} ({launch} launch)")
            assert app.process.poll() is None, f"the app died on the {launch} launch"
            app.window_named("Link Gallery")
            display.screenshot(f"crafted-headers-{launch}")
        finally:
            output = app.stop()
        assert "Fatal error" not in output and "runtime failure" not in output, output
