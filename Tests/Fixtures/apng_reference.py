"""The frames of an APNG as Pillow composes them, for APNGConformanceTests.

    apng_reference.py FILE OUTPUT_FOLDER

Prints one line per frame a browser shows, "<duration ms> <width> <height>", and writes the
frame as raw RGBA rows to OUTPUT_FOLDER/<index>.rgba; prints "refused <reason>" when Pillow
cannot read the file. A default image that is not part of the animation (`default_image`) is
Pillow's frame 0 and no browser's: it is left out. A file that is not animated is one frame.

Pillow draws a frame whose blend_op is "over" by pasting it with its own alpha as the mask,
which is the specification's "over" only where that alpha is 0 or 255 (a half-transparent
frame over an opaque one stays half transparent). Here such a frame is read as "source" and
then drawn with Pillow's alpha_composite, the specification's operator, on RGBA and LA
canvases; a palette canvas keeps Pillow's paste.
"""

import sys

from PIL import Image, PngImagePlugin

_load_end = PngImagePlugin.PngImageFile.load_end


def _load_end_over(self):
    """The frame read as "source" (its pixels replace its rectangle), then composited over the
    canvas before it as the specification says."""
    over = (getattr(self, "_prev_im", None) is not None and getattr(self, "blend_op", None) == PngImagePlugin.Blend.OP_OVER
            and self.mode in ("RGBA", "LA"))
    if not over:
        return _load_end(self)
    before = Image.Image()._new(self._prev_im).copy()
    self.blend_op = PngImagePlugin.Blend.OP_SOURCE
    _load_end(self)
    self.blend_op = PngImagePlugin.Blend.OP_OVER
    box = self.dispose_extent
    frame = Image.Image()._new(self.im).crop(box).convert("RGBA")
    composed = Image.alpha_composite(before.crop(box).convert("RGBA"), frame)
    before.paste(composed.convert(before.mode), box)
    self.im = before.im


PngImagePlugin.PngImageFile.load_end = _load_end_over

path, folder = sys.argv[1], sys.argv[2]
try:
    image = Image.open(path)
    frames = []
    first = 1 if image.info.get("default_image") and getattr(image, "n_frames", 1) > 1 else 0
    for index in range(first, getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append((image.info.get("duration", 0), image.convert("RGBA")))
except Exception as error:  # noqa: BLE001 - any refusal is the reference's answer
    print("refused", type(error).__name__)
    sys.exit(0)
for number, (duration, frame) in enumerate(frames):
    with open(f"{folder}/{number}.rgba", "wb") as output:
        output.write(frame.tobytes())
    print(round(float(duration)), frame.width, frame.height)
