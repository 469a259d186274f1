// Decodes one rectangle of a baseline JPEG with libjpeg-turbo, optionally scaled by n/8 while
// decoding, for the viewer's full detail: a 50-megapixel photo zoomed to 100 % needs the few
// megapixels on screen, not 150 MB of the whole photo (gdk-pixbuf can only decode all of it).
#pragma once
#include <stddef.h>
#include <stdint.h>

enum {
    JPEGREGION_OK = 0,
    JPEGREGION_DAMAGED = 1,      // libjpeg refused the data
    JPEGREGION_STOPPED = 2,      // `stop` returned non-zero
    JPEGREGION_NO_MEMORY = 3,
    JPEGREGION_UNSUPPORTED = 4,  // progressive, CMYK, … : decode it whole another way
};

typedef struct {
    uint32_t width;          // the stored image, before any scaling or EXIF orientation
    uint32_t height;
    uint32_t scaled_width;   // the stored image at `scale_eighths` / 8
    uint32_t scaled_height;
    int progressive;
    int cmyk;       // CMYK or YCCK, one scan: `jpegregion_decode_cmyk` can decode it
    int inverted;   // an Adobe marker: the ink is stored inverted (255 = none), as Photoshop writes
} jpegregion_info;

// Reads the header. `scale_eighths` (1–8) gives `scaled_width`/`scaled_height`.
int jpegregion_read_info(const uint8_t *data, size_t length, unsigned scale_eighths, jpegregion_info *info);

typedef int (*jpegregion_stop_callback)(void *context);

// Decodes the rectangle (`x`, `y`, `width`, `height`), in stored pixels at `scale_eighths` / 8,
// into `out` as 8-bit RGB, rows `stride` bytes apart. The rows above it are entropy-decoded
// only, the rows below are not read, and columns outside it are not transformed. Grey images
// come out as RGB. `stop` (may be NULL) is asked every few rows whether to give up.
int jpegregion_decode(const uint8_t *data, size_t length, unsigned scale_eighths,
                      uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                      uint8_t *out, size_t stride, jpegregion_stop_callback stop, void *context);

// The same for a CMYK or YCCK JPEG, as 4 channels of ink as stored (see `inverted`), for a
// colour-managed conversion with the file's profile: gdk-pixbuf turns CMYK into RGB with no
// profile at all.
int jpegregion_decode_cmyk(const uint8_t *data, size_t length, unsigned scale_eighths,
                           uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                           uint8_t *out, size_t stride, jpegregion_stop_callback stop, void *context);

// How many stored rows of a baseline JPEG the first `length` bytes of it hold completely (all
// of them when it is whole): what of a photo still downloading can be drawn. 0 before the end
// of the header. Multi-scan files are JPEGREGION_UNSUPPORTED: each of their scans covers the
// whole picture.
int jpegregion_received_rows(const uint8_t *data, size_t length, uint32_t *rows);
