// The frames of an animated WebP through libwebp's animation decoder, each composed on the
// canvas as the file says (blending, disposal), 8-bit RGBA, straight alpha. Parses hostile
// input: runs in the sandboxed decode worker.
#pragma once
#include <stddef.h>
#include <stdint.h>

enum { WEBPANIM_OK = 0, WEBPANIM_FAILED = 1 };

// Receives each frame (`rgba`: the canvas, rows of width × 4 bytes, valid during the call) and
// how long it shows; returns 0 to stop.
typedef int (*webpanim_frame_sink)(void *context, const uint8_t *rgba, uint32_t milliseconds);

// Hands every frame of a `width` × `height` canvas to `sink`, in order, and says how many times
// the animation plays (`loop_count`, 0: for ever).
int webpanim_decode_frames(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                           webpanim_frame_sink sink, void *context, uint32_t *loop_count);
