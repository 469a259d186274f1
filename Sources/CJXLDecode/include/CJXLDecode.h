// Decodes a JPEG XL picture's first frame with libjxl into 8-bit RGBA, as stored (its
// orientation kept for the pipeline to apply) and in the colour space its facts name
// (`picturefacts_read_jxl`). Parses hostile input: runs in the sandboxed decode worker.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "CPictureFacts.h"

// What a JPEG XL file says about itself, into `out` (zeroed first), as the readers of
// CPictureFacts do for the other formats.
int picturefacts_read_jxl(const uint8_t *data, size_t length, picturefacts *out);

enum {
    JXLDECODE_OK = 0,
    JXLDECODE_DAMAGED = 1,     // libjxl refused the file, or it ended before its first frame
    JXLDECODE_WRONG_SIZE = 2,  // the picture is not `width` × `height` (its facts lied)
};

// Decodes into `out` (`width` × `height` RGBA rows of `width * 4` bytes, non-premultiplied).
int jxldecode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size);
