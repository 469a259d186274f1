#!/usr/bin/python3
"""A camera RAW file made at test time: a CFA DNG (RGGB, 12 bits in 16, uncompressed) whose
camera primaries are sRGB's, in three bands of colour, with an EXIF-style orientation. LibRaw
reads it as any camera's DNG; `dcraw_emu` (libraw-bin) develops the reference.

Usage: dng_fixture.py OUT.dng WIDTH HEIGHT ORIENTATION"""

import struct, sys

def dng(path, width, height, orientation, colours):
    """A CFA DNG (RGGB, 12 bits in 16) whose left half, middle and right third are `colours`."""
    pattern = [0, 1, 1, 2]
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            region = 0 if x < width // 3 else (1 if x < 2 * width // 3 else 2)
            channel = pattern[(y % 2) * 2 + x % 2]
            pixels += struct.pack("<H", colours[region][channel] * 4095 // 255)
    entries = []  # (tag, type, count, payload bytes)
    def add(tag, kind, values):
        fmt = {1: "B", 2: "s", 3: "H", 4: "I", 5: "II", 10: "ii"}[kind]
        if kind == 2:
            payload = values.encode() + b"\0"
            count = len(payload)
        elif kind in (5, 10):
            payload = b"".join(struct.pack("<" + fmt, *v) for v in values)
            count = len(values)
        else:
            payload = b"".join(struct.pack("<" + fmt, v) for v in values)
            count = len(values)
        entries.append((tag, kind, count, payload))
    add(254, 4, [0]); add(256, 4, [width]); add(257, 4, [height]); add(258, 3, [16]); add(259, 3, [1])
    add(262, 3, [32803]); add(271, 2, "LinkGallery"); add(272, 2, "Test"); add(273, 4, [0]); add(274, 3, [orientation])
    add(277, 3, [1]); add(278, 4, [height]); add(279, 4, [len(pixels)]); add(284, 3, [1])
    add(33421, 3, [2, 2]); add(33422, 1, pattern); add(50706, 1, [1, 4, 0, 0]); add(50708, 2, "LinkGallery Test")
    add(50714, 4, [0]); add(50717, 4, [4095])
    # XYZ to camera: the camera's primaries are sRGB's, so what it records is linear sRGB.
    matrix = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570]
    add(50721, 10, [(round(v * 10000), 10000) for v in matrix])
    add(50728, 5, [(1, 1), (1, 1), (1, 1)]); add(50778, 3, [21])
    entries.sort()
    ifd_size = 2 + 12 * len(entries) + 4
    extra_at = 8 + ifd_size
    extra = bytearray()
    table = bytearray(struct.pack("<H", len(entries)))
    strip_at = None
    records = []
    for tag, kind, count, payload in entries:
        if len(payload) <= 4:
            records.append([tag, kind, count, payload.ljust(4, b"\0"), None])
        else:
            records.append([tag, kind, count, struct.pack("<I", extra_at + len(extra)), None])
            extra += payload
            if len(extra) % 2: extra += b"\0"
    strip_at = extra_at + len(extra)
    for record in records:
        if record[0] == 273: record[3] = struct.pack("<I", strip_at)
        table += struct.pack("<HHI", record[0], record[1], record[2]) + record[3]
    table += struct.pack("<I", 0)
    with open(path, "wb") as out:
        out.write(b"II*\0" + struct.pack("<I", 8) + table + extra + pixels)

if __name__ == "__main__":
    dng(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), [(200, 60, 40), (60, 180, 60), (40, 60, 200)])
