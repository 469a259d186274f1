// How many rows of a baseline JPEG have arrived (see CJPEGRegion.h): what the viewer draws of a
// download still under way. The region decoder is in jpeg_region.c.
#include "CJPEGRegion.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#include "jpeg_region_shared.h"

// A source over the bytes received so far that reports when the decoder wants more: then it
// gives an end-of-image marker, as libjpeg's own memory source does at the end of its data.
typedef struct {
    struct jpeg_source_mgr manager;
    int ran_out;
} received_source;

static void received_init(j_decompress_ptr info) { (void)info; }
static void received_term(j_decompress_ptr info) { (void)info; }

static boolean received_fill(j_decompress_ptr info) {
    static const JOCTET end_of_image[2] = { 0xFF, JPEG_EOI };
    received_source *source = (received_source *)info->src;
    source->ran_out = 1;
    source->manager.next_input_byte = end_of_image;
    source->manager.bytes_in_buffer = 2;
    return TRUE;
}

static void received_skip(j_decompress_ptr info, long count) {
    received_source *source = (received_source *)info->src;
    while (count > (long)source->manager.bytes_in_buffer) {
        count -= (long)source->manager.bytes_in_buffer;
        received_fill(info);
    }
    if (count > 0) {
        source->manager.next_input_byte += count;
        source->manager.bytes_in_buffer -= (size_t)count;
    }
}

int jpegregion_received_rows(const uint8_t *data, size_t length, uint32_t *rows) {
    struct jpeg_decompress_struct info;
    region_error error;
    received_source source;
    JSAMPLE *volatile row = NULL;
    *rows = 0;
    jpegregion_prepare_errors(&info, &error);
    if (setjmp(error.jump)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return error.out_of_memory ? JPEGREGION_NO_MEMORY : JPEGREGION_DAMAGED;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = MAX_LIBJPEG_MEMORY;
    memset(&source, 0, sizeof(source));
    source.manager.init_source = received_init;
    source.manager.fill_input_buffer = received_fill;
    source.manager.skip_input_data = received_skip;
    source.manager.resync_to_restart = jpeg_resync_to_restart;
    source.manager.term_source = received_term;
    source.manager.next_input_byte = data;
    source.manager.bytes_in_buffer = length;
    info.src = &source.manager;
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK || source.ran_out) {
        jpeg_destroy_decompress(&info);
        return JPEGREGION_OK; // not even the header yet: no rows
    }
    if (!jpegregion_is_supported(&info, 0) && !jpegregion_is_supported(&info, 1)) {
        jpeg_destroy_decompress(&info);
        return JPEGREGION_UNSUPPORTED;
    }
    // The smallest scale: each output row stands for 8 stored rows, and only the DC of each
    // block is transformed. Plain upsampling needs no row below, so a row out is a row done.
    info.scale_num = 1;
    info.scale_denom = 8;
    info.do_fancy_upsampling = FALSE;
    info.dct_method = JDCT_IFAST;
    jpeg_start_decompress(&info);
    row = malloc((size_t)info.output_width * (size_t)info.output_components);
    if (!row) {
        jpeg_destroy_decompress(&info);
        return JPEGREGION_NO_MEMORY;
    }
    JDIMENSION complete = info.output_height;
    while (info.output_scanline < info.output_height) {
        JDIMENSION before = info.output_scanline;
        JSAMPROW rows_out[1] = { row };
        JDIMENSION read = jpeg_read_scanlines(&info, rows_out, 1);
        // The decoder wanted bytes beyond those received while making this row's iMCU row:
        // that row, and all below it, are not all there.
        if (source.ran_out || read == 0) {
            complete = before;
            break;
        }
    }
    *rows = (uint32_t)((uint64_t)complete * info.image_height / info.output_height);
    free(row);
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    return JPEGREGION_OK;
}
