// What a picture file says about itself before it is decoded — its size, colour profile,
// orientation, alpha — read by the libraries that decode it: libjpeg, libpng, libheif, libwebp's
// demuxer, libtiff (and libjxl, in CJXLDecode), with the EXIF orientation read by gexiv2. Each of them parses hostile
// input: this runs in the sandboxed decode worker, never in the app.
#pragma once
#include <stddef.h>
#include <stdint.h>

enum {
    PICTUREFACTS_OK = 0,
    PICTUREFACTS_DAMAGED = 1,  // the library refused the header (or it has not all arrived yet)
    PICTUREFACTS_TOO_LARGE = 2, // the library's own limit refused it (libheif's on a picture's size)
};

// The largest colour profile and EXIF block kept; a larger one is left out.
enum { PICTUREFACTS_MAX_PROFILE = 4 * 1024 * 1024, PICTUREFACTS_MAX_EXIF = 1024 * 1024 };
// The most frames of an animation counted (`AnimationFrames.maxFrameCount`).
enum { PICTUREFACTS_MAX_FRAMES = 1000 };

typedef struct {
    uint32_t width;        // as the decoder will produce it: stored pixels before the EXIF
    uint32_t height;       // orientation (HEIF and AVIF: after their own turns, before a `clap`
                           // crop, which libheif 1.15 tells only once it has decoded)
    uint32_t decoded_width;  // what the decoder allocates: HEIF's `ispe` (unturned); 0 for
    uint32_t decoded_height; // the other formats, which allocate `width` × `height`
    int orientation;       // EXIF 1–8 to apply after decoding; 0 when the file has none
    int has_alpha;
    int progressive;       // JPEG: more than one scan
    int cmyk;              // JPEG: CMYK or YCCK ink
    int animated;          // WebP, JPEG XL: an animation of frames (GIF's and AVIF's are read elsewhere)
    uint32_t frame_count;  // of such an animation, as its container counts them (at most
                           // PICTUREFACTS_MAX_FRAMES + 1: more is as many as the app ever plays)
    // PNG without an ICC profile: what its sRGB, gAMA and cHRM chunks say (as browsers read them).
    int png_srgb;          // an sRGB chunk
    double png_gamma;      // gAMA's file gamma (0.45455 for 2.2), 0 without one
    int png_has_chromaticities;
    double png_chromaticities[8]; // cHRM: white x, y, red x, y, green x, y, blue x, y
    // Coding-independent code points (H.273): a PNG's cICP chunk, which comes first; a HEIF's or
    // AVIF's nclx colour (as the RGB its decoder hands over: matrix 0, full range); a JPEG XL's
    // HDR encoding (PQ or HLG), instead of libjxl's profile of it.
    int has_cicp;
    uint8_t cicp[4];   // primaries, transfer, matrix and full-range codes
    uint8_t *profile;      // the embedded ICC profile, or NULL (free with `picturefacts_release`)
    size_t profile_size;
} picturefacts;

// Each reads the header of `length` bytes of one format into `out` (zeroed first).
int picturefacts_read_jpeg(const uint8_t *data, size_t length, picturefacts *out);
int picturefacts_read_png(const uint8_t *data, size_t length, picturefacts *out);
int picturefacts_read_heif(const uint8_t *data, size_t length, picturefacts *out);
int picturefacts_read_webp(const uint8_t *data, size_t length, picturefacts *out);
int picturefacts_read_tiff(const uint8_t *data, size_t length, picturefacts *out);
// JPEG XL's: `picturefacts_read_jxl` in CJXLDecode, which links libjxl.

// Frees what a read allocated; `out` may be read again afterwards.
void picturefacts_release(picturefacts *facts);
