#include "CJXLDecode.h"
#include "jxl_open.h"

JxlDecoder *jxldecode_open(const uint8_t *data, size_t length, int events, int input_complete) {
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (!decoder) return NULL;
    if (JxlDecoderSubscribeEvents(decoder, events) != JXL_DEC_SUCCESS ||
        JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) != JXL_DEC_SUCCESS ||
        JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) != JXL_DEC_SUCCESS ||
        JxlDecoderSetInput(decoder, data, length) != JXL_DEC_SUCCESS) {
        JxlDecoderDestroy(decoder);
        return NULL;
    }
    if (input_complete) JxlDecoderCloseInput(decoder);
    return decoder;
}

int jxldecode_answer_setup(JxlDecoder *decoder, JxlDecoderStatus event, uint32_t width, uint32_t height, uint8_t *out,
                           size_t out_size) {
    if (event == JXL_DEC_BASIC_INFO) {
        JxlBasicInfo info;
        if (JxlDecoderGetBasicInfo(decoder, &info) != JXL_DEC_SUCCESS) return JXLDECODE_DAMAGED;
        return info.xsize == width && info.ysize == height ? JXLDECODE_OK : JXLDECODE_WRONG_SIZE;
    }
    if (event == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
        const JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
        size_t needed = 0;
        if (JxlDecoderImageOutBufferSize(decoder, &format, &needed) != JXL_DEC_SUCCESS || needed != out_size ||
            JxlDecoderSetImageOutBuffer(decoder, &format, out, out_size) != JXL_DEC_SUCCESS) {
            return JXLDECODE_DAMAGED;
        }
        return JXLDECODE_OK;
    }
    return JXLDECODE_NOT_YET;
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
