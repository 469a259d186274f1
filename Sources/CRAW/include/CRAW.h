// Camera RAW files (DNG from phones, CR2, NEF, ARW, PEF… from cameras) through LibRaw:
// what a file holds, its embedded JPEG preview, and its raw data developed (demosaiced, the
// camera's white balance, sRGB, 8 bits), with the camera's turn for the pipeline to apply. Parses hostile input: runs
// in the sandboxed decode worker.
#pragma once
#include <stddef.h>
#include <stdint.h>

enum { RAWDECODE_OK = 0, RAWDECODE_NOT_RAW = 1, RAWDECODE_DAMAGED = 2, RAWDECODE_TOO_LARGE = 3 };

typedef struct {
    uint32_t width, height; // the developed picture's, before its turn; 0 when the file holds no raw data
    int flip;               // LibRaw's turn: 0 none, 3 half a turn, 5 a quarter anticlockwise, 6 clockwise
    int has_preview;   // an embedded preview the camera made (a JPEG, most often)
    int is_dng;             // Adobe's Digital Negative (phones' RAW), not a camera maker's own format
} rawdecode_info;

// Whether LibRaw reads `data` as a camera RAW, and what it holds (raw data, a preview, or
// both); RAWDECODE_NOT_RAW for any other file (a plain TIFF) and for a camera's file LibRaw
// does not know, RAWDECODE_TOO_LARGE past `max_pixels`.
int rawdecode_read_info(const uint8_t *data, size_t size, uint64_t max_pixels, rawdecode_info *out);

// The raw data developed into 8-bit RGB rows (`*rgb`, width × 3 bytes a row, free with
// `rawdecode_free`), as stored: not turned (`flip` says how). `half_size`: every other
// photosite, a quarter of the pixels and of the work, for a picture shown smaller.
int rawdecode_develop(const uint8_t *data, size_t size, uint64_t max_pixels, int half_size,
                      uint8_t **rgb, uint32_t *width, uint32_t *height);

// The embedded JPEG preview (`*jpeg`, `*length` bytes, free with `rawdecode_free`).
int rawdecode_jpeg_preview(const uint8_t *data, size_t size, uint8_t **jpeg, size_t *length);

void rawdecode_free(void *memory);
