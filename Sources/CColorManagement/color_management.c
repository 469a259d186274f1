#include "CColorManagement.h"

#include <lcms2.h>
#include <string.h>
#include <zlib.h>

// lcms reports broken profiles through its log handler, by default to nobody; a context of
// our own keeps it that way whatever another library in the process sets globally.
static void silent(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context; (void)code; (void)text;
}

static cmsHPROFILE open_profile(cmsContext context, const uint8_t *profile, size_t length) {
    if (!profile || length < 132 || length > COLORMANAGEMENT_MAX_PROFILE_BYTES) return NULL; // header + tag count
    return cmsOpenProfileFromMemTHR(context, profile, (cmsUInt32Number)length);
}

uint32_t colormanagement_profile_space(const uint8_t *profile, size_t length) {
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return 0;
    cmsSetLogErrorHandlerTHR(context, silent);
    cmsHPROFILE opened = open_profile(context, profile, length);
    uint32_t space = opened ? (uint32_t)cmsGetColorSpace(opened) : 0;
    if (opened) cmsCloseProfile(opened);
    cmsDeleteContext(context);
    return space;
}

size_t colormanagement_profile_description(const uint8_t *profile, size_t length, char *out, size_t capacity) {
    if (capacity == 0) return 0;
    out[0] = '\0';
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return 0;
    cmsSetLogErrorHandlerTHR(context, silent);
    cmsHPROFILE opened = open_profile(context, profile, length);
    cmsUInt32Number written = opened ? cmsGetProfileInfoASCII(opened, cmsInfoDescription, "en", "US", out,
                                                                (cmsUInt32Number)capacity) : 0;
    if (opened) cmsCloseProfile(opened);
    cmsDeleteContext(context);
    out[capacity - 1] = '\0';
    return written > 0 ? strlen(out) : 0;
}

// One conversion of `width` × `height` pixels to sRGB through a transform from `profile`, if
// the profile reads and describes `space`: relative colorimetric with black-point compensation.
static int convert(const uint8_t *profile, size_t length, cmsColorSpaceSignature space, cmsUInt32Number in_format,
                   const void *in, size_t in_stride, cmsUInt32Number out_format, void *out, size_t out_stride,
                   uint32_t width, uint32_t height) {
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return COLORMANAGEMENT_IGNORED;
    cmsSetLogErrorHandlerTHR(context, silent);
    int status = COLORMANAGEMENT_IGNORED;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE source = open_profile(context, profile, length);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    cmsProfileClassSignature kind = source ? cmsGetDeviceClass(source) : 0;
    // Profiles that describe pixels: not abstract, link or named-colour profiles.
    int describes_pixels = kind == cmsSigDisplayClass || kind == cmsSigInputClass || kind == cmsSigColorSpaceClass ||
                           kind == cmsSigOutputClass;
    if (source && srgb && describes_pixels && cmsGetColorSpace(source) == space) {
        transform = cmsCreateTransformTHR(context, source, in_format, srgb, out_format, INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE);
    }
    if (transform) {
        cmsDoTransformLineStride(transform, in, out, width, height, (cmsUInt32Number)in_stride,
                                 (cmsUInt32Number)out_stride, 0, 0);
        status = COLORMANAGEMENT_CONVERTED;
        cmsDeleteTransform(transform);
    }
    if (srgb) cmsCloseProfile(srgb);
    if (source) cmsCloseProfile(source);
    cmsDeleteContext(context);
    return status;
}

// A grey picture's pixels reach here as RGB (the decoders spread grey over three channels): its
// grey profile describes each channel. The 256 greys are converted once, and each channel takes
// its own channel of its grey's conversion (a grey stays exactly the conversion of that grey; the
// alpha is left as it is).
static int grey_to_srgb(const uint8_t *profile, size_t length, uint8_t *pixels, uint32_t width, uint32_t height,
                        size_t stride, int channels) {
    uint8_t greys[256], converted[256 * 3];
    for (int value = 0; value < 256; value++) greys[value] = (uint8_t)value;
    if (convert(profile, length, cmsSigGrayData, TYPE_GRAY_8, greys, 256, TYPE_RGB_8, converted, 256 * 3, 256, 1) !=
        COLORMANAGEMENT_CONVERTED) {
        return COLORMANAGEMENT_IGNORED;
    }
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *pixel = pixels + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, pixel += channels) {
            for (int channel = 0; channel < 3; channel++) pixel[channel] = converted[pixel[channel] * 3 + channel];
        }
    }
    return COLORMANAGEMENT_CONVERTED;
}

int colormanagement_rgb_to_srgb(const uint8_t *profile, size_t length,
                                uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int channels) {
    if (!pixels || width == 0 || height == 0 || (channels != 3 && channels != 4)) return COLORMANAGEMENT_IGNORED;
    // RGB pixels with an RGB profile, or grey ones (spread over RGB) with a grey profile. A CMYK
    // profile no longer describes pixels gdk-pixbuf turned into RGB without it.
    if (colormanagement_profile_space(profile, length) == (uint32_t)cmsSigGrayData) {
        return grey_to_srgb(profile, length, pixels, width, height, stride, channels);
    }
    cmsUInt32Number format = channels == 4 ? TYPE_RGBA_8 : TYPE_RGB_8;
    return convert(profile, length, cmsSigRgbData, format, pixels, stride, format, pixels, stride, width, height);
}

int colormanagement_cmyk_to_srgb(const uint8_t *profile, size_t length, const uint8_t *cmyk, size_t cmyk_stride,
                                 int inverted, uint8_t *rgb, size_t rgb_stride, uint32_t width, uint32_t height) {
    if (!cmyk || !rgb || width == 0 || height == 0) return COLORMANAGEMENT_IGNORED;
    return convert(profile, length, cmsSigCmykData, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8, cmyk, cmyk_stride,
                   TYPE_RGB_8, rgb, rgb_stride, width, height);
}

size_t colormanagement_inflate(const uint8_t *data, size_t length, uint8_t *out, size_t capacity) {
    if (!data || !out || capacity == 0) return 0;
    z_stream stream = {0};
    if (inflateInit(&stream) != Z_OK) return 0;
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)(length > UINT32_MAX ? UINT32_MAX : length);
    stream.next_out = out;
    stream.avail_out = (uInt)(capacity > UINT32_MAX ? UINT32_MAX : capacity);
    int result = inflate(&stream, Z_FINISH);
    size_t produced = stream.total_out;
    inflateEnd(&stream);
    return result == Z_STREAM_END ? produced : 0;
}

size_t colormanagement_deflate(const uint8_t *data, size_t length, uint8_t *out, size_t capacity) {
    if (!data || !out || capacity == 0 || length > UINT32_MAX) return 0;
    uLongf produced = (uLongf)capacity;
    return compress2(out, &produced, data, (uLong)length, Z_BEST_COMPRESSION) == Z_OK ? (size_t)produced : 0;
}

size_t colormanagement_profile_from_png(double file_gamma, const double *chromaticities, uint8_t *out, size_t capacity) {
    if (!(file_gamma == 0 || (file_gamma > 0.01 && file_gamma < 10))) return 0;
    // sRGB's own primaries and white point, when the file gives none.
    static const double srgb[8] = {0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06};
    // sRGB's curve: IEC 61966-2-1's parameters for lcms's type 4; else gAMA's display gamma.
    static const double srgb_curve[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    const double gamma_curve[5] = {file_gamma > 0 ? 1.0 / file_gamma : 1.0, 1, 0, 0, 0};
    return colormanagement_profile_from_curve(chromaticities ? chromaticities : srgb, file_gamma == 0 ? srgb_curve : gamma_curve,
                                              out, capacity);
}

// Whether `c` (white, red, green, blue x and y) are chromaticities a profile can be made of.
static int usable_chromaticities(const double *c) {
    for (int index = 0; index < 8; index++) {
        if (!(c[index] >= 0 && c[index] <= 1)) return 0;
    }
    return c[1] > 0 && c[3] > 0 && c[5] > 0 && c[7] > 0;
}

// An RGB profile of chromaticities `c` with `tone` on each channel, saved into `out` (0 when it
// does not fit). Takes `tone`.
static size_t save_profile(cmsContext context, const double *c, cmsToneCurve *tone, uint8_t *out, size_t capacity) {
    if (!tone) return 0;
    cmsCIExyY white = {c[0], c[1], 1.0};
    cmsCIExyYTRIPLE primaries = {{c[2], c[3], 1.0}, {c[4], c[5], 1.0}, {c[6], c[7], 1.0}};
    cmsToneCurve *curves[3] = {tone, tone, tone};
    cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
    cmsUInt32Number size = 0;
    size_t written = 0;
    if (profile && cmsSaveProfileToMem(profile, NULL, &size) && size > 0 && size <= capacity &&
        cmsSaveProfileToMem(profile, out, &size)) {
        written = size;
    }
    if (profile) cmsCloseProfile(profile);
    cmsFreeToneCurve(tone);
    return written;
}

size_t colormanagement_profile_from_curve(const double *chromaticities, const double *curve, uint8_t *out, size_t capacity) {
    if (!chromaticities || !curve || !out || capacity == 0 || !usable_chromaticities(chromaticities)) return 0;
    if (!(curve[0] > 0 && curve[0] < 10)) return 0;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return 0;
    cmsSetLogErrorHandlerTHR(context, silent);
    size_t written = save_profile(context, chromaticities, cmsBuildParametricToneCurve(context, 4, curve), out, capacity);
    cmsDeleteContext(context);
    return written;
}

size_t colormanagement_profile_from_table(const double *chromaticities, const float *table, uint32_t entries, uint8_t *out,
                                          size_t capacity) {
    if (!chromaticities || !table || entries < 2 || entries > 65536 || !out || capacity == 0 ||
        !usable_chromaticities(chromaticities)) {
        return 0;
    }
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return 0;
    cmsSetLogErrorHandlerTHR(context, silent);
    size_t written = save_profile(context, chromaticities, cmsBuildTabulatedToneCurveFloat(context, entries, table), out, capacity);
    cmsDeleteContext(context);
    return written;
}
