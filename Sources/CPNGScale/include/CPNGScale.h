// A PNG decoder that downscales row by row with libpng, for thumbnails and screen-sized
// originals of large PNGs: gdk-pixbuf's PNG loader allocates the whole image before it scales
// (300 MB for a 100-megapixel PNG of a few KB); this keeps one source row and one row of sums.
#pragma once
#include <stddef.h>
#include <stdint.h>

enum {
    PNGSCALE_OK = 0,
    PNGSCALE_DAMAGED = 1,      // libpng refused the data
    PNGSCALE_STOPPED = 2,      // `stop` returned non-zero
    PNGSCALE_NO_MEMORY = 3,
    PNGSCALE_UNSUPPORTED = 4,  // a shape this scaler does not handle: decode it another way
};

typedef struct {
    uint32_t width;
    uint32_t height;
    int has_alpha;   // an alpha channel or a tRNS chunk
    int interlaced;  // Adam7
} pngscale_info;

// Reads the chunks before the image data.
int pngscale_read_info(const uint8_t *data, size_t length, pngscale_info *info);

typedef int (*pngscale_stop_callback)(void *context);

// Decodes `data` into `out`: `target_width` × `target_height` pixels of `channels` (3, or 4 when
// `has_alpha`) 8-bit samples, rows `stride` bytes apart. Each target pixel is the average of the
// source pixels that fall in it (colours weighted by alpha). The target must not be larger than
// the image in either direction. An interlaced image is sampled from its last Adam7 pass (every
// pixel of every odd row). `stop` (may be NULL) is asked every few rows whether to give up.
int pngscale_decode(const uint8_t *data, size_t length, uint32_t target_width, uint32_t target_height,
                    uint8_t *out, size_t stride, int channels, pngscale_stop_callback stop, void *context);

// What the first `length` bytes of a PNG still downloading hold whole: the Adam7 passes of an
// interlaced one (`complete_passes`, 0–7), the rows of another (`complete_rows`; and
// `complete_passes` 1 once all are in). Zero before the image data starts.
int pngscale_received(const uint8_t *data, size_t length, int *complete_passes, uint32_t *complete_rows);

// `pngscale_decode` of the bytes received so far: of an interlaced image, only Adam7 pass `pass`
// (0–6; each pass is the whole picture on a coarser grid) is summed and the target must not be
// larger than that pass; of another, every row. Target rows complete when the bytes ended are
// counted in `rows_done` (all of them when nothing was missing).
int pngscale_decode_received(const uint8_t *data, size_t length, int pass, uint32_t target_width,
                             uint32_t target_height, uint8_t *out, size_t stride, int channels,
                             pngscale_stop_callback stop, void *context, uint32_t *rows_done);
