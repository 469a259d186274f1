// The frames of a JPEG XL animation (see CJXLDecode.h), coalesced by libjxl at the picture's size.
#include "CJXLDecode.h"
#include "jxl_open.h"

#include <jxl/thread_parallel_runner.h>

// libjxl decodes a frame's groups in parallel on a runner's threads: on one, a 24 MP page took
// 7× its JPEG's (BENCHMARKS.md). As many as the CPUs, at most four: the pool's workers may be
// decoding at once.
void *jxldecode_parallel_runner(JxlDecoder *decoder) {
    size_t threads = JxlThreadParallelRunnerDefaultNumWorkerThreads();
    void *runner = JxlThreadParallelRunnerCreate(NULL, threads > 4 ? 4 : threads);
    if (runner && JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) != JXL_DEC_SUCCESS) {
        JxlThreadParallelRunnerDestroy(runner);
        return NULL;
    }
    return runner;
}

int jxldecode_frames(const uint8_t *data, size_t length, uint32_t width, uint32_t height, uint8_t *out, size_t out_size,
                     jxldecode_frame_sink sink, void *context, uint32_t *loop_count) {
    JxlDecoder *decoder = jxldecode_open(data, length, JXL_DEC_BASIC_INFO | JXL_DEC_FRAME | JXL_DEC_FULL_IMAGE, 1);
    if (!decoder) return JXLDECODE_DAMAGED;
    void *runner = jxldecode_parallel_runner(decoder);
    int status = JXLDECODE_DAMAGED;
    uint64_t ticks_numerator = 1000, ticks_denominator = 1; // milliseconds per tick: denominator / numerator * 1000
    uint32_t milliseconds = 0;
    for (;;) {
        JxlDecoderStatus event = JxlDecoderProcessInput(decoder);
        int setup = jxldecode_answer_setup(decoder, event, width, height, out, out_size);
        if (setup != JXLDECODE_OK && setup != JXLDECODE_NOT_YET) {
            if (status != JXLDECODE_OK) status = setup; // the frames handed over stay handed over
            break;
        }
        if (event == JXL_DEC_BASIC_INFO) {
            JxlBasicInfo info;
            if (JxlDecoderGetBasicInfo(decoder, &info) != JXL_DEC_SUCCESS) break;
            if (info.have_animation && info.animation.tps_numerator > 0) {
                ticks_numerator = info.animation.tps_numerator;
                ticks_denominator = info.animation.tps_denominator;
                *loop_count = info.animation.num_loops;
            }
        } else if (event == JXL_DEC_FRAME) {
            JxlFrameHeader header;
            if (JxlDecoderGetFrameHeader(decoder, &header) != JXL_DEC_SUCCESS) break;
            uint64_t ms = (uint64_t)header.duration * ticks_denominator * 1000 / ticks_numerator;
            milliseconds = ms > 86400000 ? 86400000 : (uint32_t)ms;
        } else if (event == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
            continue; // answered above
        } else if (event == JXL_DEC_FULL_IMAGE) {
            status = JXLDECODE_OK;
            if (!sink(context, out, milliseconds)) break;
        } else {
            if (event != JXL_DEC_SUCCESS) status = JXLDECODE_DAMAGED; // an error, or cut short
            break;
        }
    }
    JxlDecoderDestroy(decoder);
    if (runner) JxlThreadParallelRunnerDestroy(runner);
    return status;
}
