#include "CWebPAnimation.h"

#include <webp/demux.h>

int webpanim_decode_frames(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                           webpanim_frame_sink sink, void *context, uint32_t *loop_count) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return WEBPANIM_FAILED;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    const WebPData bytes = {data, size};
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&bytes, &options);
    if (!decoder) return WEBPANIM_FAILED;
    WebPAnimInfo info;
    int status = WEBPANIM_FAILED;
    if (WebPAnimDecoderGetInfo(decoder, &info) && info.canvas_width == width && info.canvas_height == height) {
        *loop_count = info.loop_count;
        status = WEBPANIM_OK;
        int previous = 0;
        while (WebPAnimDecoderHasMoreFrames(decoder)) {
            uint8_t *canvas = NULL;
            int timestamp = 0; // when the frame ends, in milliseconds from the start
            if (!WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) || !canvas) {
                status = WEBPANIM_FAILED;
                break;
            }
            uint32_t milliseconds = timestamp > previous ? (uint32_t)(timestamp - previous) : 0;
            previous = timestamp;
            if (!sink(context, canvas, milliseconds)) break;
        }
    }
    WebPAnimDecoderDelete(decoder);
    return status;
}
