// What jpeg_region.c and jpeg_received_rows.c share.
#pragma once
#include <setjmp.h>
#include <stdio.h> // before jpeglib.h, which uses FILE
#include <jpeglib.h>

// What libjpeg may allocate for one decode. A baseline decode needs a few rows of MCUs; this
// bounds a hostile header (huge sampling factors, many components) before it costs memory.
enum { MAX_LIBJPEG_MEMORY = 64 * 1024 * 1024 };

// libjpeg's error manager, whose errors jump back to the caller's setjmp.
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int out_of_memory;
} region_error;

// Errors jump back to the caller's setjmp; warnings are dropped.
void jpegregion_prepare_errors(struct jpeg_decompress_struct *info, region_error *error);

// True for what the region decoder reads: one scan of grey, YCbCr or RGB; with `cmyk`, of ink
// (4 channels, for a colour-managed CMYK file).
int jpegregion_is_supported(struct jpeg_decompress_struct *info, int cmyk);
