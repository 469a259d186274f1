// What jxl_decode.c and jxl_facts.c share.
#pragma once
#include <jxl/decode.h>
#include <stddef.h>
#include <stdint.h>

// A libjxl decoder over `length` bytes, reporting `events`, the picture's orientation kept (the
// pipeline turns every format's pictures in one place), alpha not premultiplied (gdk-pixbuf's
// is not); NULL when libjxl refuses to start. `input_complete`: all the bytes there are (the
// input is closed); otherwise the start of a file still arriving, and libjxl asks for more.
JxlDecoder *jxldecode_open(const uint8_t *data, size_t length, int events, int input_complete);

// libjxl's thread runner set on `decoder` (destroy it with JxlThreadParallelRunnerDestroy after
// the decoder), or NULL when no thread can be made: the decode then runs on the caller's.
void *jxldecode_parallel_runner(JxlDecoder *decoder);

// What every decode of pixels answers alike: the basic info (a picture not `width` × `height`
// is JXLDECODE_WRONG_SIZE) and the request for the output buffer (`out`, exactly its
// `out_size`; 8-bit RGBA). JXLDECODE_OK when `event` was one of them and answered,
// JXLDECODE_NOT_YET when it is another, otherwise the failure.
int jxldecode_answer_setup(JxlDecoder *decoder, JxlDecoderStatus event, uint32_t width, uint32_t height, uint8_t *out,
                           size_t out_size);
