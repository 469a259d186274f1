// What a JPEG XL file says about itself (`picturefacts`, see CPictureFacts.h), read by libjxl: its size, its
// orientation (libjxl is asked to keep it, so the pipeline turns the picture as for every
// format), its alpha, and the colour profile of the pixels libjxl will hand over — none when
// they are sRGB, so an untagged picture costs no conversion.
#include "CJXLDecode.h"
#include "jxl_open.h"

#include <stdlib.h>
#include <string.h>

// libjxl's structured encoding of plain sRGB: no profile needed.
static int is_srgb(const JxlColorEncoding *encoding) {
    return encoding->color_space == JXL_COLOR_SPACE_RGB && encoding->white_point == JXL_WHITE_POINT_D65 &&
           encoding->primaries == JXL_PRIMARIES_SRGB && encoding->transfer_function == JXL_TRANSFER_FUNCTION_SRGB;
}

// An HDR encoding (PQ or HLG) of primaries H.273 numbers, as code points: the app tone-maps
// those (`HDRToneMapping`), where libjxl's profile of them would show the picture dark.
static int keep_hdr_code_points(const JxlColorEncoding *encoding, picturefacts *out) {
    int transfer = encoding->transfer_function == JXL_TRANSFER_FUNCTION_PQ    ? 16
                   : encoding->transfer_function == JXL_TRANSFER_FUNCTION_HLG ? 18
                                                                               : 0;
    int primaries = encoding->primaries == JXL_PRIMARIES_SRGB   ? 1
                    : encoding->primaries == JXL_PRIMARIES_2100 ? 9
                    : encoding->primaries == JXL_PRIMARIES_P3   ? 12 // Display P3: P3's primaries, D65 white
                                                                : 0;
    if (encoding->color_space != JXL_COLOR_SPACE_RGB || encoding->white_point != JXL_WHITE_POINT_D65 || !transfer ||
        !primaries) {
        return 0;
    }
    const uint8_t codes[4] = {(uint8_t)primaries, (uint8_t)transfer, 0, 1};
    memcpy(out->cicp, codes, 4);
    out->has_cicp = 1;
    return 1;
}

static void keep_data_profile(JxlDecoder *decoder, picturefacts *out) {
    JxlColorEncoding encoding;
    if (JxlDecoderGetColorAsEncodedProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS &&
        (is_srgb(&encoding) || keep_hdr_code_points(&encoding, out))) {
        return;
    }
    size_t size = 0;
    if (JxlDecoderGetICCProfileSize(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &size) != JXL_DEC_SUCCESS || size == 0 ||
        size > PICTUREFACTS_MAX_PROFILE) {
        return;
    }
    uint8_t *profile = malloc(size);
    if (!profile) return;
    if (JxlDecoderGetColorAsICCProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, profile, size) != JXL_DEC_SUCCESS) {
        free(profile);
        return;
    }
    out->profile = profile; // freed by picturefacts_release
    out->profile_size = size;
}

// The frames an animation shows, counted from their headers: without JXL_DEC_FULL_IMAGE, libjxl
// skips each frame's pixels. Stops past PICTUREFACTS_MAX_FRAMES; 0 when the file ends early.
static uint32_t count_frames(const uint8_t *data, size_t length) {
    JxlDecoder *decoder = jxldecode_open(data, length, JXL_DEC_FRAME, 1);
    if (!decoder) return 0;
    uint32_t frames = 0;
    for (;;) {
        JxlDecoderStatus event = JxlDecoderProcessInput(decoder);
        if (event == JXL_DEC_FRAME) {
            if (++frames > PICTUREFACTS_MAX_FRAMES) break;
        } else {
            if (event != JXL_DEC_SUCCESS) frames = 0; // damaged or cut short: no count to trust
            break;
        }
    }
    JxlDecoderDestroy(decoder);
    return frames;
}

int picturefacts_read_jxl(const uint8_t *data, size_t length, picturefacts *out) {
    memset(out, 0, sizeof(*out));
    JxlDecoder *decoder = jxldecode_open(data, length, JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING, 1);
    if (!decoder) return PICTUREFACTS_DAMAGED;
    int status = PICTUREFACTS_DAMAGED;
    for (;;) {
        JxlDecoderStatus event = JxlDecoderProcessInput(decoder);
        if (event == JXL_DEC_BASIC_INFO) {
            JxlBasicInfo info;
            if (JxlDecoderGetBasicInfo(decoder, &info) != JXL_DEC_SUCCESS || info.xsize == 0 || info.ysize == 0) break;
            out->width = info.xsize;
            out->height = info.ysize;
            // libjxl's orientations are EXIF's, 1 to 8.
            out->orientation = info.orientation >= JXL_ORIENT_IDENTITY && info.orientation <= JXL_ORIENT_ROTATE_90_CCW ? (int)info.orientation : 0;
            out->has_alpha = info.alpha_bits > 0;
            out->animated = info.have_animation ? 1 : 0;
            status = PICTUREFACTS_OK;
        } else if (event == JXL_DEC_COLOR_ENCODING) {
            keep_data_profile(decoder, out);
            break;
        } else {
            break; // an error, or the header cut short: what was read stands
        }
    }
    JxlDecoderDestroy(decoder);
    if (status == PICTUREFACTS_OK && out->animated) out->frame_count = count_frames(data, length);
    return status;
}
