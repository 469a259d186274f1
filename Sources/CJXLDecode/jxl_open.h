// What jxl_decode.c and jxl_facts.c share.
#pragma once
#include <jxl/decode.h>
#include <stddef.h>
#include <stdint.h>

// A libjxl decoder over `length` bytes (all there are: the input is closed), reporting `events`,
// the picture's orientation kept (the pipeline turns every format's pictures in one place),
// alpha not premultiplied (gdk-pixbuf's is not); NULL when libjxl refuses to start.
JxlDecoder *jxldecode_open(const uint8_t *data, size_t length, int events);
