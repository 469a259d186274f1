#!/usr/bin/python3
"""A camera RAW in a maker's own container, made at test time: a Fujifilm RAF (no TIFF magic)
whose raw data is a CFA (RGGB, 14 bits in 16, unpacked) in three bands of colour, with the
camera's JPEG preview of the same bands (160×120 unless asked, EXIF naming the maker, as Fujifilm's are) and
the camera's white balance. Laid out as LibRaw reads a RAF: the 84-byte header's offsets to the
preview, to the CFA header (tags: raw size, picture size, white balance) and to the raw data.
`dcraw_emu` (libraw-bin) develops the reference.

Usage: raf_fixture.py OUT.raf WIDTH HEIGHT [--preview WIDTH HEIGHT] [--orientation 1-8]
(the orientation as the camera records it: in the preview's EXIF, which LibRaw reads for both)"""

import argparse, io, struct
from PIL import Image

BANDS = [(200, 60, 40), (60, 180, 60), (40, 60, 200)]

def band(x, width):
    return 0 if x < width // 3 else (1 if x < 2 * width // 3 else 2)

def preview_jpeg(width, height, orientation=1):
    """A JPEG whose first segment is EXIF (LibRaw reads the maker's name there) and no JFIF."""
    picture = Image.new("RGB", (width, height))
    picture.putdata([BANDS[band(x, width)] for y in range(height) for x in range(width)])
    entries = [(0x010F, b"FUJIFILM\0"), (0x0110, b"LinkGallery\0")]  # Make, Model (ASCII)
    data_at = 8 + 2 + 12 * (len(entries) + 1) + 4
    table, extra = struct.pack("<H", len(entries) + 1), b""
    for tag, text in entries:
        table += struct.pack("<HHII", tag, 2, len(text), data_at + len(extra))
        extra += text
    table += struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)  # Orientation (SHORT, in place)
    exif = b"Exif\0\0II*\0" + struct.pack("<I", 8) + table + struct.pack("<I", 0) + extra
    encoded = io.BytesIO()
    picture.save(encoded, "JPEG", quality=95)
    jpeg = encoded.getvalue()
    after_jfif = 4 + struct.unpack(">H", jpeg[4:6])[0]
    return b"\xff\xd8\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif + jpeg[after_jfif:]

def raf(path, width, height, preview=(160, 120), orientation=1):
    pattern = [0, 1, 1, 2]  # RGGB
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            value = BANDS[band(x, width)][pattern[(y % 2) * 2 + x % 2]]
            pixels += struct.pack("<H", 64 + value * 15000 // 255)  # little-endian, as the preview's EXIF
    tags = [(0x100, struct.pack(">HH", height, width)), (0x121, struct.pack(">HH", height, width)),
            (0x2FF0, struct.pack(">HHHH", 512, 512, 512, 512))]  # full size, picture size, white balance
    cfa_header = struct.pack(">I", len(tags)) + b"".join(struct.pack(">HH", tag, len(p)) + p for tag, p in tags)
    jpeg = preview_jpeg(*preview, orientation)
    jpeg_at = 160
    cfa_header_at = jpeg_at + len(jpeg)
    cfa_at = cfa_header_at + len(cfa_header)
    header = b"FUJIFILMCCD-RAW 0201FF383501".ljust(0x1C, b"\0") + b"LinkGallery".ljust(0x20, b"\0") + b"0100"
    header = header.ljust(84, b"\0") + struct.pack(">IIIIII", jpeg_at, len(jpeg), cfa_header_at, len(cfa_header),
                                                   cfa_at, len(pixels))
    with open(path, "wb") as out:
        out.write(header.ljust(jpeg_at, b"\0") + jpeg + cfa_header + bytes(pixels))

if __name__ == "__main__":
    arguments = argparse.ArgumentParser()
    arguments.add_argument("out")
    arguments.add_argument("width", type=int)
    arguments.add_argument("height", type=int)
    arguments.add_argument("--preview", type=int, nargs=2, default=(160, 120))
    arguments.add_argument("--orientation", type=int, default=1, choices=range(1, 9))
    given = arguments.parse_args()
    raf(given.out, given.width, given.height, tuple(given.preview), given.orientation)
