#include "CRAW.h"

#include <libraw/libraw.h>
#include <stdlib.h>
#include <string.h>

// A LibRaw handle over `data`; NULL with `*status` otherwise. With `require_picture`, only a
// file with raw data whose picture fits `max_pixels`; without, any file LibRaw reads (one
// that holds only its preview too).
static libraw_data_t *open_raw(const uint8_t *data, size_t size, uint64_t max_pixels, int require_picture, int *status) {
    libraw_data_t *raw = libraw_init(0);
    if (!raw) {
        *status = RAWDECODE_DAMAGED;
        return NULL;
    }
    // LibRaw reads but never writes the buffer.
    if (libraw_open_buffer(raw, (void *)data, size) != LIBRAW_SUCCESS) {
        libraw_close(raw);
        *status = RAWDECODE_NOT_RAW;
        return NULL;
    }
    uint64_t pixels = (uint64_t)raw->sizes.width * raw->sizes.height;
    if (pixels > max_pixels || (require_picture && pixels == 0)) {
        libraw_close(raw);
        *status = pixels > max_pixels ? RAWDECODE_TOO_LARGE : RAWDECODE_DAMAGED;
        return NULL;
    }
    *status = RAWDECODE_OK;
    return raw;
}

int rawdecode_read_info(const uint8_t *data, size_t size, uint64_t max_pixels, rawdecode_info *out) {
    memset(out, 0, sizeof(*out));
    int status;
    libraw_data_t *raw = open_raw(data, size, max_pixels, 0, &status);
    if (!raw) return status;
    out->width = raw->sizes.width;
    out->height = raw->sizes.height;
    out->flip = raw->sizes.flip;
    // Its format is known only once unpacked (`rawdecode_jpeg_preview` checks it): a length says one is there.
    out->has_preview = raw->thumbnail.tlength > 0;
    out->is_dng = raw->idata.dng_version != 0;
    libraw_close(raw);
    return RAWDECODE_OK;
}

int rawdecode_develop(const uint8_t *data, size_t size, uint64_t max_pixels, int half_size,
                      uint8_t **rgb, uint32_t *width, uint32_t *height) {
    *rgb = NULL;
    int status;
    libraw_data_t *raw = open_raw(data, size, max_pixels, 1, &status);
    if (!raw) return status;
    raw->params.use_camera_wb = 1;  // the photographer's white balance, as the camera's preview
    raw->params.output_color = 1;   // sRGB's primaries…
    raw->params.gamm[0] = 1 / 2.4;  // …and its curve (LibRaw's default is BT.709's): what GTK shows
    raw->params.gamm[1] = 12.92;
    raw->params.output_bps = 8;
    raw->params.half_size = half_size ? 1 : 0;
    raw->params.user_flip = 0; // as stored: the pipeline turns it, as every format's picture
    status = RAWDECODE_DAMAGED;
    int error = 0;
    libraw_processed_image_t *image = NULL;
    if (libraw_unpack(raw) == LIBRAW_SUCCESS && libraw_dcraw_process(raw) == LIBRAW_SUCCESS &&
        (image = libraw_dcraw_make_mem_image(raw, &error)) != NULL && image->type == LIBRAW_IMAGE_BITMAP &&
        image->colors == 3 && image->bits == 8 && image->width > 0 && image->height > 0 &&
        image->data_size == (unsigned)image->width * image->height * 3) {
        *rgb = malloc(image->data_size);
        if (*rgb) {
            memcpy(*rgb, image->data, image->data_size);
            *width = image->width;
            *height = image->height;
            status = RAWDECODE_OK;
        }
    }
    if (image) libraw_dcraw_clear_mem(image);
    libraw_close(raw);
    return status;
}

int rawdecode_jpeg_preview(const uint8_t *data, size_t size, uint8_t **jpeg, size_t *length) {
    *jpeg = NULL;
    *length = 0;
    int status;
    libraw_data_t *raw = open_raw(data, size, UINT64_MAX, 0, &status);
    if (!raw) return status;
    status = RAWDECODE_DAMAGED;
    int error = 0;
    libraw_processed_image_t *thumbnail = NULL;
    if (libraw_unpack_thumb(raw) == LIBRAW_SUCCESS && (thumbnail = libraw_dcraw_make_mem_thumb(raw, &error)) != NULL &&
        thumbnail->type == LIBRAW_IMAGE_JPEG && thumbnail->data_size > 0) {
        *jpeg = malloc(thumbnail->data_size);
        if (*jpeg) {
            memcpy(*jpeg, thumbnail->data, thumbnail->data_size);
            *length = thumbnail->data_size;
            status = RAWDECODE_OK;
        }
    }
    if (thumbnail) libraw_dcraw_clear_mem(thumbnail);
    libraw_close(raw);
    return status;
}

void rawdecode_free(void *memory) { free(memory); }
