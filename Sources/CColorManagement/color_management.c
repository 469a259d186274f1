#include "CColorManagement.h"

#include <lcms2.h>
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

int colormanagement_rgb_to_srgb(const uint8_t *profile, size_t length,
                                uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int channels) {
    if (!pixels || width == 0 || height == 0 || (channels != 3 && channels != 4)) return COLORMANAGEMENT_IGNORED;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return COLORMANAGEMENT_IGNORED;
    cmsSetLogErrorHandlerTHR(context, silent);
    int status = COLORMANAGEMENT_IGNORED;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE source = open_profile(context, profile, length);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    // Only RGB pixels with an RGB profile: gdk-pixbuf has already turned grey and CMYK into RGB
    // without one, so another profile no longer describes these pixels.
    if (source && srgb && cmsGetColorSpace(source) == cmsSigRgbData &&
        (cmsGetDeviceClass(source) == cmsSigDisplayClass || cmsGetDeviceClass(source) == cmsSigInputClass ||
         cmsGetDeviceClass(source) == cmsSigColorSpaceClass || cmsGetDeviceClass(source) == cmsSigOutputClass)) {
        cmsUInt32Number format = channels == 4 ? TYPE_RGBA_8 : TYPE_RGB_8;
        transform = cmsCreateTransformTHR(context, source, format, srgb, format, INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE);
    }
    if (transform) {
        cmsDoTransformLineStride(transform, pixels, pixels, width, height,
                                 (cmsUInt32Number)stride, (cmsUInt32Number)stride, 0, 0);
        status = COLORMANAGEMENT_CONVERTED;
        cmsDeleteTransform(transform);
    }
    if (srgb) cmsCloseProfile(srgb);
    if (source) cmsCloseProfile(source);
    cmsDeleteContext(context);
    return status;
}

int colormanagement_cmyk_to_srgb(const uint8_t *profile, size_t length, const uint8_t *cmyk, size_t cmyk_stride,
                                 int inverted, uint8_t *rgb, size_t rgb_stride, uint32_t width, uint32_t height) {
    if (!cmyk || !rgb || width == 0 || height == 0) return COLORMANAGEMENT_IGNORED;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return COLORMANAGEMENT_IGNORED;
    cmsSetLogErrorHandlerTHR(context, silent);
    int status = COLORMANAGEMENT_IGNORED;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE source = open_profile(context, profile, length);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    if (source && srgb && cmsGetColorSpace(source) == cmsSigCmykData) {
        transform = cmsCreateTransformTHR(context, source, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8, srgb, TYPE_RGB_8,
                                          INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_BLACKPOINTCOMPENSATION | cmsFLAGS_NOCACHE);
    }
    if (transform) {
        cmsDoTransformLineStride(transform, cmyk, rgb, width, height,
                                 (cmsUInt32Number)cmyk_stride, (cmsUInt32Number)rgb_stride, 0, 0);
        status = COLORMANAGEMENT_CONVERTED;
        cmsDeleteTransform(transform);
    }
    if (srgb) cmsCloseProfile(srgb);
    if (source) cmsCloseProfile(source);
    cmsDeleteContext(context);
    return status;
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
