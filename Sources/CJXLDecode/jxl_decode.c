#include "CJXLDecode.h"
#include "jxl_open.h"

JxlDecoder *jxldecode_open(const uint8_t *data, size_t length, int events) {
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (!decoder) return NULL;
    if (JxlDecoderSubscribeEvents(decoder, events) != JXL_DEC_SUCCESS ||
        JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) != JXL_DEC_SUCCESS ||
        JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) != JXL_DEC_SUCCESS ||
        JxlDecoderSetInput(decoder, data, length) != JXL_DEC_SUCCESS) {
        JxlDecoderDestroy(decoder);
        return NULL;
    }
    JxlDecoderCloseInput(decoder);
    return decoder;
}

// The first frame alone: the frame decoder, stopped after it.
static int first_frame_only(void *context, const uint8_t *rgba, uint32_t milliseconds) {
    (void)context, (void)rgba, (void)milliseconds;
    return 0;
}

int jxldecode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size) {
    uint32_t loops = 0;
    return jxldecode_frames(data, length, width, height, out, out_size, first_frame_only, NULL, &loops);
}
