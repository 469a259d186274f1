#include "CJPEGRegion.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#include "jpeg_region_shared.h"

// Rows decoded (or skipped) between two questions to `stop`.
enum { STOP_CHECK_ROWS = 64 };


// libjpeg's default error_exit calls exit(): jump back out of the decode instead.
static void region_error_exit(j_common_ptr info) {
    region_error *error = (region_error *)info->err;
    error->out_of_memory = info->err->msg_code == JERR_OUT_OF_MEMORY;
    longjmp(error->jump, 1);
}

// Corrupt-data warnings would go to stderr; a damaged photo is reported by its picture instead.
static void region_silent(j_common_ptr info) { (void)info; }

void jpegregion_prepare_errors(struct jpeg_decompress_struct *info, region_error *error) {
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = region_error_exit;
    error->manager.output_message = region_silent;
    error->out_of_memory = 0;
}

// After the caller's setjmp: reads the header of `data`, within libjpeg's memory bound.
static void open_source(struct jpeg_decompress_struct *info, const uint8_t *data, size_t length) {
    jpeg_create_decompress(info);
    info->mem->max_memory_to_use = MAX_LIBJPEG_MEMORY;
    jpeg_mem_src(info, data, (unsigned long)length);
    jpeg_read_header(info, TRUE);
}

static int is_cmyk(const struct jpeg_decompress_struct *info) {
    return (info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK) && info->num_components == 4;
}

int jpegregion_is_supported(struct jpeg_decompress_struct *info, int cmyk) {
    // Progressive and other multi-scan files need the whole image's coefficients in memory
    // (libjpeg's "backing store"), which the memory bound refuses: those decode whole elsewhere.
    if (info->progressive_mode || jpeg_has_multiple_scans(info)) return 0;
    if (cmyk) return is_cmyk(info);
    switch (info->jpeg_color_space) {
    case JCS_GRAYSCALE: return info->num_components == 1;
    case JCS_YCbCr:
    case JCS_RGB: return info->num_components == 3;
    default: return 0;
    }
}

static void prepare(struct jpeg_decompress_struct *info, unsigned scale_eighths, int cmyk) {
    info->out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    info->scale_num = scale_eighths < 1 ? 1 : (scale_eighths > 8 ? 8 : scale_eighths);
    info->scale_denom = 8;
}

int jpegregion_read_info(const uint8_t *data, size_t length, unsigned scale_eighths, jpegregion_info *out) {
    struct jpeg_decompress_struct info;
    region_error error;
    memset(out, 0, sizeof(*out));
    jpegregion_prepare_errors(&info, &error);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return error.out_of_memory ? JPEGREGION_NO_MEMORY : JPEGREGION_DAMAGED;
    }
    open_source(&info, data, length);
    int status = jpegregion_is_supported(&info, 0) ? JPEGREGION_OK : JPEGREGION_UNSUPPORTED;
    out->cmyk = jpegregion_is_supported(&info, 1);
    out->inverted = info.saw_Adobe_marker ? 1 : 0;
    prepare(&info, scale_eighths, 0);
    jpeg_calc_output_dimensions(&info);
    out->width = info.image_width;
    out->height = info.image_height;
    out->scaled_width = info.output_width;
    out->scaled_height = info.output_height;
    out->progressive = info.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&info);
    return status;
}

static int decode_region(const uint8_t *data, size_t length, unsigned scale_eighths,
                         uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                         uint8_t *out, size_t stride, jpegregion_stop_callback stop, void *context, int cmyk) {
    const int components = cmyk ? 4 : 3;
    struct jpeg_decompress_struct info;
    region_error error;
    // Volatile: read after a longjmp back into this frame.
    JSAMPLE *volatile row = NULL;
    jpegregion_prepare_errors(&info, &error);
    if (setjmp(error.jump)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return error.out_of_memory ? JPEGREGION_NO_MEMORY : JPEGREGION_DAMAGED;
    }
    open_source(&info, data, length);
    if (!jpegregion_is_supported(&info, cmyk)) {
        jpeg_destroy_decompress(&info);
        return JPEGREGION_UNSUPPORTED;
    }
    prepare(&info, scale_eighths, cmyk);
    jpeg_start_decompress(&info);
    if (width == 0 || height == 0 || x > info.output_width || width > info.output_width - x ||
        y > info.output_height || height > info.output_height - y || info.output_components != components) {
        jpeg_destroy_decompress(&info);
        return JPEGREGION_UNSUPPORTED;
    }
    // libjpeg crops whole iMCU columns: it may widen the crop to the left and right. A pixel
    // more on each side keeps the region's own edge columns inside the crop: at an edge of the
    // crop, chroma upsampling has no neighbour and repeats the edge, which changed them.
    JDIMENSION crop_x = x > 0 ? x - 1 : 0;
    JDIMENSION crop_width = width + (x - crop_x);
    if (crop_width < info.output_width - crop_x) crop_width++;
    jpeg_crop_scanline(&info, &crop_x, &crop_width);
    row = malloc((size_t)crop_width * components);
    if (!row) {
        jpeg_destroy_decompress(&info);
        return JPEGREGION_NO_MEMORY;
    }
    // Skipped in whole iMCU rows: libjpeg-turbo 2.1 returns rows from before the skip when a
    // skip starts inside an iMCU row at a scaled output (3/8, 5/8, 6/8, 7/8 have iMCU rows of 6,
    // 10, 12, 14 or twice that, which no power of two divides). Every chunk but the last is a
    // multiple of the iMCU height, so each call starts on a boundary.
    const JDIMENSION imcu_rows = (JDIMENSION)info.max_v_samp_factor * (JDIMENSION)info.min_DCT_scaled_size; // libjpeg 6b API: one size for both axes
    const JDIMENSION chunk = imcu_rows * (STOP_CHECK_ROWS * 4 / imcu_rows > 0 ? STOP_CHECK_ROWS * 4 / imcu_rows : 1);
    while (info.output_scanline < y) {
        if (stop && stop(context)) goto stopped;
        JDIMENSION rows = y - info.output_scanline;
        if (rows > chunk) rows = chunk;
        if (jpeg_skip_scanlines(&info, rows) != rows) goto damaged;
    }
    for (uint32_t line = 0; line < height; line++) {
        if (line % STOP_CHECK_ROWS == 0 && stop && stop(context)) goto stopped;
        JSAMPROW rows[1] = { row };
        if (jpeg_read_scanlines(&info, rows, 1) != 1) break; // not reached: libjpeg pads a short file
        memcpy(out + (size_t)line * stride, row + (size_t)(x - crop_x) * components, (size_t)width * components);
    }
    free(row);
    jpeg_abort_decompress(&info); // the rows below are not needed
    jpeg_destroy_decompress(&info);
    return JPEGREGION_OK;

stopped:
    free(row);
    jpeg_destroy_decompress(&info);
    return JPEGREGION_STOPPED;

damaged:
    free(row);
    jpeg_destroy_decompress(&info);
    return JPEGREGION_DAMAGED;
}

int jpegregion_decode(const uint8_t *data, size_t length, unsigned scale_eighths,
                      uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                      uint8_t *out, size_t stride, jpegregion_stop_callback stop, void *context) {
    return decode_region(data, length, scale_eighths, x, y, width, height, out, stride, stop, context, 0);
}

int jpegregion_decode_cmyk(const uint8_t *data, size_t length, unsigned scale_eighths,
                           uint32_t x, uint32_t y, uint32_t width, uint32_t height,
                           uint8_t *out, size_t stride, jpegregion_stop_callback stop, void *context) {
    return decode_region(data, length, scale_eighths, x, y, width, height, out, stride, stop, context, 1);
}
