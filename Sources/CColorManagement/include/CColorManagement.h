// Colour management for decoded pictures: converts 8-bit RGB(A) pixels from the colour space
// an embedded ICC profile describes to sRGB (what GTK shows), with lcms2, and inflates the
// zlib-compressed profiles PNG files carry. Every input here comes from untrusted files.
#pragma once
#include <stddef.h>
#include <stdint.h>

enum {
    COLORMANAGEMENT_CONVERTED = 0,
    COLORMANAGEMENT_IGNORED = 1,   // broken, unsupported (not RGB) or oversized profile: shown untagged
};

// The largest profile accepted. Camera and editor RGB profiles are 0.5–60 KB; large ones
// (CMYK with many tables) stay under 2 MB.
enum { COLORMANAGEMENT_MAX_PROFILE_BYTES = 4 * 1024 * 1024 };

// Converts `width` × `height` pixels in place, rows `stride` bytes apart, `channels` 3 (RGB)
// or 4 (RGBA, alpha kept as it is), from `profile` to sRGB: relative colorimetric intent with
// black-point compensation, as GNOME Image Viewer and browsers do. An RGB profile describes
// the three channels together; a grey profile each of them (a grey picture spread over RGB by
// its decoder). Safe on any thread.
int colormanagement_rgb_to_srgb(const uint8_t *profile, size_t profile_length,
                                uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int channels);

// Converts `width` × `height` CMYK pixels (`cmyk`, 4 bytes each, rows `cmyk_stride` apart;
// `inverted`: 255 means no ink, as Adobe's JPEGs store it) with the CMYK `profile` into 8-bit
// RGB `rgb` (rows `rgb_stride` apart), sRGB, with the same intent.
int colormanagement_cmyk_to_srgb(const uint8_t *profile, size_t profile_length, const uint8_t *cmyk, size_t cmyk_stride,
                                 int inverted, uint8_t *rgb, size_t rgb_stride, uint32_t width, uint32_t height);

// The profile's colour space as its ICC signature ('RGB ', 'CMYK', 'GRAY', …), or 0 when lcms
// cannot read it.
uint32_t colormanagement_profile_space(const uint8_t *profile, size_t profile_length);

// The profile's name for people ("Display P3", "Adobe RGB (1998)"): its description tag in
// English, NUL-terminated in `out`, cut to `capacity`; 0 (and "") when it has none or lcms
// cannot read it.
size_t colormanagement_profile_description(const uint8_t *profile, size_t profile_length, char *out, size_t capacity);

// Inflates zlib data into `out` (at most `capacity` bytes); returns the length, or 0 when the
// data is damaged or inflates to more than `capacity`.
size_t colormanagement_inflate(const uint8_t *data, size_t length, uint8_t *out, size_t capacity);

// Deflates `data` into `out` as a zlib stream (what a PNG's iCCP chunk holds); returns the
// length, or 0 when it does not fit `capacity`.
size_t colormanagement_deflate(const uint8_t *data, size_t length, uint8_t *out, size_t capacity);

// An RGB profile from what a PNG without one says, as Chromium reads it: primaries and white
// point from cHRM (`chromaticities`: white, red, green, blue x and y; NULL for sRGB's), the tone
// curve from gAMA (`file_gamma`, 0.45455 for a 2.2 display gamma; 0 for sRGB's curve). Written
// into `out`; returns its length, or 0 when the numbers make no profile.
size_t colormanagement_profile_from_png(double file_gamma, const double *chromaticities, uint8_t *out, size_t capacity);

// An RGB profile of `chromaticities` (white, red, green, blue x and y) whose tone curve is lcms's
// parametric type 4 with `curve` = {g, a, b, c, d}: (aX + b)^g from d up, cX below it (a pure
// gamma g is {g, 1, 0, 0, 0}). Written into `out`; returns its length, or 0.
size_t colormanagement_profile_from_curve(const double *chromaticities, const double *curve, uint8_t *out, size_t capacity);

// The same with a tabulated tone curve: `table` holds `entries` (2 to 65,536) values of light,
// 0 to 1, at encoded values evenly spaced from 0 to 1 (an HDR curve tone-mapped to the screen's
// range: `HDRToneMapping`).
size_t colormanagement_profile_from_table(const double *chromaticities, const float *table, uint32_t entries, uint8_t *out,
                                          size_t capacity);
