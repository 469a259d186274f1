// The start of a JPEG XL file still arriving (see CJXLDecode.h): its first frame as libjxl can
// draw it so far, only once that is the whole picture.
#include "CJXLDecode.h"
#include "jxl_open.h"

#include <jxl/thread_parallel_runner.h>

int jxldecode_received(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size) {
    JxlDecoder *decoder =
        jxldecode_open(data, length, JXL_DEC_BASIC_INFO | JXL_DEC_FRAME_PROGRESSION | JXL_DEC_FULL_IMAGE, 0);
    if (!decoder) return JXLDECODE_DAMAGED;
    void *runner = jxldecode_parallel_runner(decoder);
    // A progression event at the coarsest step (the 1:8 picture of a VarDCT frame, or a
    // progressive file's first pass) says the whole frame can be drawn; until then a flush would
    // draw the groups that came and leave the rest black (a lossless file arrives group by group
    // and never has such a step: it is drawn when whole).
    int whole_picture = 0;
    int status = JXLDECODE_DAMAGED;
    if (JxlDecoderSetProgressiveDetail(decoder, kDC) != JXL_DEC_SUCCESS) goto done;
    for (;;) {
        JxlDecoderStatus event = JxlDecoderProcessInput(decoder);
        int setup = jxldecode_answer_setup(decoder, event, width, height, out, out_size);
        if (setup != JXLDECODE_NOT_YET) {
            if (setup == JXLDECODE_OK) continue;
            status = setup;
            break;
        }
        if (event == JXL_DEC_FRAME_PROGRESSION) {
            whole_picture = 1;
        } else if (event == JXL_DEC_FULL_IMAGE) {
            status = JXLDECODE_OK; // the first frame has arrived whole
            break;
        } else if (event == JXL_DEC_NEED_MORE_INPUT) {
            status = whole_picture && JxlDecoderFlushImage(decoder) == JXL_DEC_SUCCESS ? JXLDECODE_OK : JXLDECODE_NOT_YET;
            break;
        } else {
            break; // an error (a whole file's end is not expected here: the input stays open)
        }
    }
done:
    JxlDecoderDestroy(decoder);
    if (runner) JxlThreadParallelRunnerDestroy(runner);
    return status;
}

