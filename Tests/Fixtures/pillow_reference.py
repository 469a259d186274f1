"""A reference picture read outside the app: Pillow decodes a file made by another decoder
(djxl's PNG or APNG, dcraw_emu's TIFF, Pillow's own composition of an APNG), lcms (ImageCms)
turns it from its embedded ICC profile to sRGB as the app does (relative colorimetric with
black-point compensation), and the pixels are written as raw RGBA rows, straight alpha.

    pillow_reference.py PICTURE OUT.rgba [FRAME [WIDTHxHEIGHT]]
                                                   prints "WIDTH HEIGHT FRAMES MILLISECONDS"

FRAME picks one frame of an animation as Pillow composes it (an APNG's blending and disposal);
WIDTHxHEIGHT scales the converted picture by averaging (a box filter) until it covers that
size, then keeps its middle, as a grid tile's thumbnail is cut.
Pillow reads a 16-bit grey PNG as 32-bit integers: those are scaled to 8 bits first, as
`image.convert` alone would clip them.
"""
import io
import sys

from PIL import Image, ImageCms

RELATIVE = ImageCms.Intent.RELATIVE_COLORIMETRIC if hasattr(ImageCms, "Intent") else ImageCms.INTENT_RELATIVE_COLORIMETRIC
BLACK_POINT = ImageCms.Flags.BLACKPOINTCOMPENSATION if hasattr(ImageCms, "Flags") else ImageCms.FLAGS["BLACKPOINTCOMPENSATION"]


def eight_bit(image):
    if image.mode in ("I", "I;16", "I;16B"):
        return image.point(lambda value: value / 257).convert("L")
    return image


def main(source, output, frame=0, size=None):
    image = Image.open(source)
    frames = getattr(image, "n_frames", 1)
    image.seek(frame)
    image.load()
    profile = image.info.get("icc_profile")
    picture = eight_bit(image)
    alpha = picture.convert("RGBA").getchannel("A")
    if profile:
        colour = picture.convert("L" if picture.mode in ("L", "LA") else "RGB")
        colour = ImageCms.profileToProfile(colour, ImageCms.ImageCmsProfile(io.BytesIO(profile)), ImageCms.createProfile("sRGB"),
                                           outputMode="RGB", renderingIntent=RELATIVE, flags=BLACK_POINT)
    else:
        colour = picture.convert("RGB")
    result = colour.convert("RGBA")
    result.putalpha(alpha)
    if size:
        width, height = (int(side) for side in size.split("x"))
        scale = max(width / result.width, height / result.height)
        covering = (max(width, round(result.width * scale)), max(height, round(result.height * scale)))
        result = result.resize(covering, Image.BOX)
        left, top = (covering[0] - width) // 2, (covering[1] - height) // 2
        result = result.crop((left, top, left + width, top + height))
    with open(output, "wb") as file:
        file.write(result.tobytes())
    print(result.width, result.height, frames, int(image.info.get("duration", 0) or 0))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0, sys.argv[4] if len(sys.argv) > 4 else None)
