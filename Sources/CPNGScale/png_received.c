// How much of a PNG still downloading has arrived (see CPNGScale.h); decoding it is in
// png_scale.c.
#include "CPNGScale.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "png_reader.h"

int pngscale_received(const uint8_t *data, size_t length, int *complete_passes, uint32_t *complete_rows) {
    memory_source source = {data, length, 0, 0};
    *complete_passes = 0;
    *complete_rows = 0;
    png_structp png = pngscale_open_reader(&source);
    if (!png) return PNGSCALE_NO_MEMORY;
    pngscale_read_in_small_steps(png);
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile row = NULL;
    volatile int status = PNGSCALE_DAMAGED;
    volatile int passes_done = 0;
    volatile uint32_t rows_read = 0;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return PNGSCALE_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        if (source.ran_out && status == PNGSCALE_DAMAGED) status = PNGSCALE_OK;
        goto done;
    }
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_read_update_info(png, info);
    row = malloc(png_get_rowbytes(png, info));
    if (!row) {
        status = PNGSCALE_NO_MEMORY;
        goto done;
    }
    for (int pass = 0; pass < (interlaced ? 7 : 1); pass++) {
        uint32_t rows = interlaced ? PNG_PASS_ROWS(height, pass) : height;
        if (!(interlaced && (rows == 0 || PNG_PASS_COLS(width, pass) == 0))) {
            for (uint32_t y = 0; y < rows; y++) {
                png_read_row(png, row, NULL);
                if (!interlaced) rows_read = y + 1;
            }
        }
        passes_done = pass + 1;
    }
    status = PNGSCALE_OK;

done:
    *complete_passes = passes_done;
    *complete_rows = rows_read;
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    return status;
}
