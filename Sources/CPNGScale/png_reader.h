// What png_scale.c and png_received.c share: libpng reading from bytes in memory, quietly.
#pragma once
#include <png.h>
#include <stddef.h>
#include <stdint.h>

// Bytes in memory, handed to libpng as its input stream.
typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    int ran_out;  // the bytes ended where the file goes on: still downloading, or cut off
} memory_source;

// A libpng reader over `source`, its errors jumping back to the caller's setjmp, silent.
png_structp pngscale_open_reader(memory_source *source);

// Makes `png` read compressed image data 1 KiB at a time instead of libpng's 8 KiB: a PNG still
// arriving gives up its rows as soon as their bytes are here (with 8 KiB steps, a small file,
// or the first 8 KiB of a large one, showed nothing until that much had come).
void pngscale_read_in_small_steps(png_structp png);
