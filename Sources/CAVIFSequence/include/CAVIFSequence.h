// The first frame of an AVIF image sequence (animated AVIF, brand `avis`), through libavif:
// neither of Debian 12's gdk-pixbuf loaders reads sequences (libavif's says "Image sequences
// not yet implemented", libheif's refuses the brand). Runs in the sandboxed decode worker.
#pragma once
#include <stddef.h>
#include <stdint.h>

enum { AVIFSEQ_OK = 0, AVIFSEQ_FAILED = 1, AVIFSEQ_TOO_LARGE = 2 };

typedef struct {
    uint32_t width, height;
    uint32_t frame_count;
    uint32_t has_alpha;
    // The ICC profile the sequence carries, if any (inside `data`'s decoder: valid only until
    // the next call; copied by the caller).
    size_t icc_size;
} avifseq_info;

// Reads the sequence's header; refuses (AVIFSEQ_TOO_LARGE) a frame over `max_pixels`.
int avifseq_read_info(const uint8_t *data, size_t size, uint64_t max_pixels, avifseq_info *info);

// Decodes the first frame into `rgba` (`stride` bytes a row, width × height as read), 8-bit
// RGBA, straight alpha; copies up to `icc_capacity` bytes of its ICC profile into `icc`.
int avifseq_decode_first(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *rgba, size_t stride,
                         uint8_t *icc, size_t icc_capacity);

// Receives each frame of an animation: `rgba` (the caller's buffer, filled anew for each frame)
// and how long the frame shows; returns 0 to stop.
typedef int (*avifseq_frame_sink)(void *context, const uint8_t *rgba, uint32_t milliseconds);

// Decodes every frame, in order, into `rgba` (`stride` bytes a row, width × height as read) and
// hands each to `sink`; stops at a frame of another size. AVIFSEQ_OK once `sink` had them all
// (or stopped them).
int avifseq_decode_frames(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *rgba, size_t stride,
                          avifseq_frame_sink sink, void *context);
