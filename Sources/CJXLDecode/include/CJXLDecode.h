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
    JXLDECODE_NOT_YET = 3,     // too little has arrived to draw the whole picture
};

// Decodes into `out` (`width` × `height` RGBA rows of `width * 4` bytes, non-premultiplied).
int jxldecode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size);

// The first frame of a file still arriving (`length` bytes of it so far), into `out` as
// `jxldecode_rgba`, as libjxl can draw it now: once the whole picture can be drawn at some
// detail (a lossy file's 1:8 picture and every group come since), JXLDECODE_OK; before,
// JXLDECODE_NOT_YET. Every pixel is drawn, final or not.
int jxldecode_received(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size);

// Receives each frame (`rgba`: the caller's buffer, filled anew for each frame) and how long it
// shows; returns 0 to stop.
typedef int (*jxldecode_frame_sink)(void *context, const uint8_t *rgba, uint32_t milliseconds);

// Hands every frame of an animation, composed at the picture's size, to `sink` in order,
// decoding each into `out` (as `jxldecode_rgba`), and says how many times it plays
// (`loop_count`, 0: for ever).
int jxldecode_frames(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size,
                     jxldecode_frame_sink sink, void *context, uint32_t *loop_count);
