#include "CPNGScale.h"

#include <png.h>

#include "png_reader.h"
#include <stdlib.h>
#include <string.h>

// The same 8-bit RGB or RGBA rows whatever the file stores (palette, grey, 1–16 bits, tRNS).
static void request_8bit_rgb(png_structp png, png_infop info) {
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_read_update_info(png, info);
}

int pngscale_read_info(const uint8_t *data, size_t length, pngscale_info *result) {
    memory_source source = {data, length, 0};
    png_structp png = pngscale_open_reader(&source);
    if (!png) return PNGSCALE_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return info ? PNGSCALE_DAMAGED : PNGSCALE_NO_MEMORY;
    }
    png_read_info(png, info);
    result->width = png_get_image_width(png, info);
    result->height = png_get_image_height(png, info);
    result->has_alpha = (png_get_color_type(png, info) & PNG_COLOR_MASK_ALPHA) != 0
                        || png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    result->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_destroy_read_struct(&png, &info, NULL);
    return PNGSCALE_OK;
}

// Sums of the source pixels that fall in one row of target pixels.
typedef struct {
    uint64_t *sums;      // per target column: alpha-weighted R, G, B, then alpha (or 255 each)
    uint32_t *columns;   // per source column: its target column
    uint32_t rows;       // source rows summed so far
} row_sums;

static void add_row(row_sums *sums, const uint8_t *row, uint32_t width, int channels) {
    for (uint32_t x = 0; x < width; x++, row += channels) {
        uint64_t *sum = sums->sums + 4 * (size_t)sums->columns[x];
        uint64_t alpha = channels == 4 ? row[3] : 255;
        sum[0] += row[0] * alpha;
        sum[1] += row[1] * alpha;
        sum[2] += row[2] * alpha;
        sum[3] += alpha;
    }
    sums->rows++;
}

// Writes the averages into `out` and clears the sums for the next target row.
static void flush_row(row_sums *sums, const uint32_t *columns_per_target, uint32_t target_width,
                      uint8_t *out, int channels) {
    for (uint32_t x = 0; x < target_width; x++, out += channels) {
        uint64_t *sum = sums->sums + 4 * (size_t)x;
        uint64_t count = (uint64_t)columns_per_target[x] * sums->rows;
        uint64_t alpha = sum[3];
        for (int c = 0; c < 3; c++) out[c] = alpha ? (uint8_t)((sum[c] + alpha / 2) / alpha) : 0;
        if (channels == 4) out[3] = (uint8_t)((alpha + count / 2) / count);
        memset(sum, 0, 4 * sizeof *sum);
    }
    sums->rows = 0;
}

// Decodes rows into `out` as `pngscale_decode` describes, summing the rows of Adam7 pass
// `summed_pass` (0–6) of an interlaced image, or every row (`summed_pass` ignored) of another;
// passes after it are not read. With `partial`, bytes that end early are not an error: the target
// rows complete by then are counted in `*rows_done`.
static int decode_rows(const uint8_t *data, size_t length, int summed_pass, int partial,
                       uint32_t target_width, uint32_t target_height, uint8_t *out, size_t stride, int channels,
                       pngscale_stop_callback stop, void *context, uint32_t *rows_done) {
    memory_source source = {data, length, 0, 0};
    png_structp png = pngscale_open_reader(&source);
    if (!png) return PNGSCALE_NO_MEMORY;
    if (partial) pngscale_read_in_small_steps(png);
    png_infop info = png_create_info_struct(png);
    // Changed after setjmp and read after a longjmp: volatile, so they are not kept in registers.
    uint8_t *volatile row = NULL;
    uint64_t *volatile sum_storage = NULL;
    uint32_t *volatile column_map = NULL;
    uint32_t *volatile columns_per_target = NULL;
    volatile int status = PNGSCALE_DAMAGED;
    volatile uint32_t flushed = 0;
    *rows_done = 0;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return PNGSCALE_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        if (partial && source.ran_out && status == PNGSCALE_DAMAGED) {
            *rows_done = flushed;
            status = PNGSCALE_OK;
        }
        goto done;
    }

    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    request_8bit_rgb(png, info);
    if (!interlaced) summed_pass = 0;
    // The rows that are summed: all of them, or those of one Adam7 pass (the last, with every
    // column of every odd row, for the whole picture).
    uint32_t source_width = interlaced ? PNG_PASS_COLS(width, summed_pass) : width;
    uint32_t source_height = interlaced ? PNG_PASS_ROWS(height, summed_pass) : height;
    if (png_get_channels(png, info) != channels || png_get_bit_depth(png, info) != 8 || summed_pass < 0
        || summed_pass > 6 || target_width == 0 || target_height == 0 || target_width > source_width
        || target_height > source_height) {
        status = PNGSCALE_UNSUPPORTED;
        goto done;
    }

    status = PNGSCALE_NO_MEMORY;
    row = malloc(png_get_rowbytes(png, info));
    sum_storage = calloc((size_t)target_width * 4, sizeof(uint64_t));
    column_map = malloc((size_t)source_width * sizeof(uint32_t));
    columns_per_target = calloc(target_width, sizeof(uint32_t));
    if (!row || !sum_storage || !column_map || !columns_per_target) goto done;
    for (uint32_t x = 0; x < source_width; x++) {
        column_map[x] = (uint32_t)((uint64_t)x * target_width / source_width);
        columns_per_target[column_map[x]]++;
    }
    row_sums sums = {sum_storage, column_map, 0};

    status = PNGSCALE_DAMAGED;
    int passes = interlaced ? summed_pass + 1 : 1;
    for (int pass = 0; pass < passes; pass++) {
        uint32_t rows = interlaced ? PNG_PASS_ROWS(height, pass) : height;
        // libpng skips passes without pixels; so must we, or the row count goes astray.
        if (interlaced && (rows == 0 || PNG_PASS_COLS(width, pass) == 0)) continue;
        int summed = pass == summed_pass;
        uint32_t target_row = 0;
        for (uint32_t y = 0; y < rows; y++) {
            if ((y & 63) == 0 && stop && stop(context)) {
                status = PNGSCALE_STOPPED;
                goto done;
            }
            png_read_row(png, row, NULL);
            if (!summed) continue;
            uint32_t belongs_to = (uint32_t)((uint64_t)y * target_height / source_height);
            if (belongs_to != target_row) {
                flush_row(&sums, columns_per_target, target_width, out + (size_t)target_row * stride, channels);
                target_row = belongs_to;
                flushed = target_row;
            }
            add_row(&sums, row, source_width, channels);
        }
        if (summed) flush_row(&sums, columns_per_target, target_width, out + (size_t)target_row * stride, channels);
    }
    *rows_done = target_height;
    status = PNGSCALE_OK;

done:
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    free(sum_storage);
    free(column_map);
    free(columns_per_target);
    return status;
}

int pngscale_decode(const uint8_t *data, size_t length, uint32_t target_width, uint32_t target_height,
                    uint8_t *out, size_t stride, int channels, pngscale_stop_callback stop, void *context) {
    uint32_t rows_done;
    return decode_rows(data, length, 6, 0, target_width, target_height, out, stride, channels, stop, context,
                       &rows_done);
}

int pngscale_decode_received(const uint8_t *data, size_t length, int pass, uint32_t target_width,
                             uint32_t target_height, uint8_t *out, size_t stride, int channels,
                             pngscale_stop_callback stop, void *context, uint32_t *rows_done) {
    return decode_rows(data, length, pass, 1, target_width, target_height, out, stride, channels, stop, context,
                       rows_done);
}
