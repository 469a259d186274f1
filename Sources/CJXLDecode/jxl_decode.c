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

int jxldecode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size) {
    JxlDecoder *decoder = jxldecode_open(data, length, JXL_DEC_BASIC_INFO | JXL_DEC_FULL_IMAGE);
    if (!decoder) return JXLDECODE_DAMAGED;
    int status = JXLDECODE_DAMAGED;
    const JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    for (;;) {
        JxlDecoderStatus event = JxlDecoderProcessInput(decoder);
        if (event == JXL_DEC_BASIC_INFO) {
            JxlBasicInfo info;
            if (JxlDecoderGetBasicInfo(decoder, &info) != JXL_DEC_SUCCESS) break;
            if (info.xsize != width || info.ysize != height) {
                status = JXLDECODE_WRONG_SIZE;
                break;
            }
        } else if (event == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
            size_t needed = 0;
            if (JxlDecoderImageOutBufferSize(decoder, &format, &needed) != JXL_DEC_SUCCESS || needed != out_size ||
                JxlDecoderSetImageOutBuffer(decoder, &format, out, out_size) != JXL_DEC_SUCCESS) {
                break;
            }
        } else if (event == JXL_DEC_FULL_IMAGE) {
            status = JXLDECODE_OK; // the first frame (an animation's frames are not read yet)
            break;
        } else {
            break; // an error, or the file ended before the frame was whole
        }
    }
    JxlDecoderDestroy(decoder);
    return status;
}
