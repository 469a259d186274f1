// What HEIF, AVIF, WebP and TIFF files say about themselves (see CPictureFacts.h), read by
// libheif, libwebp's demuxer and libtiff; JPEG and PNG are in picture_facts.c.
#include "CPictureFacts.h"
#include "picture_facts_shared.h"

#include <libheif/heif.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>
#include <webp/demux.h>

// MARK: HEIF and AVIF

int picturefacts_read_heif(const uint8_t *data, size_t length, picturefacts *out) {
    memset(out, 0, sizeof(*out));
    struct heif_context *context = heif_context_alloc();
    if (!context) return PICTUREFACTS_DAMAGED;
    struct heif_image_handle *handle = NULL;
    int result = PICTUREFACTS_DAMAGED;
    struct heif_error error = heif_context_read_from_memory_without_copy(context, data, length, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(context, &handle);
    if (error.code != heif_error_Ok && error.subcode == heif_suberror_Security_limit_exceeded) {
        result = PICTUREFACTS_TOO_LARGE;
    } else if (error.code == heif_error_Ok) {
        // The size after the file's own turns (`irot`), which the decoder applies; a `clap`
        // crop is applied too, but libheif 1.15 does not tell it before decoding. HEIF's EXIF
        // orientation is informative only: the decoder's picture is upright already.
        int width = heif_image_handle_get_width(handle), height = heif_image_handle_get_height(handle);
        if (width > 0 && height > 0) {
            out->width = (uint32_t)width;
            out->height = (uint32_t)height;
            int coded_width = heif_image_handle_get_ispe_width(handle);
            int coded_height = heif_image_handle_get_ispe_height(handle);
            out->decoded_width = coded_width > 0 ? (uint32_t)coded_width : out->width;
            out->decoded_height = coded_height > 0 ? (uint32_t)coded_height : out->height;
            out->has_alpha = heif_image_handle_has_alpha_channel(handle);
            enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
            struct heif_color_profile_nclx *nclx = NULL;
            if (type == heif_color_profile_type_nclx &&
                heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx &&
                nclx->color_primaries <= 255 && nclx->transfer_characteristics <= 255) {
                // The decoder has applied the matrix and range: its RGB is full range.
                const uint8_t codes[4] = {(uint8_t)nclx->color_primaries, (uint8_t)nclx->transfer_characteristics, 0, 1};
                memcpy(out->cicp, codes, 4);
                out->has_cicp = 1;
            } else if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
                size_t size = heif_image_handle_get_raw_color_profile_size(handle);
                void *profile = size > 0 && size <= PICTUREFACTS_MAX_PROFILE ? malloc(size) : NULL;
                if (profile && heif_image_handle_get_raw_color_profile(handle, profile).code == heif_error_Ok) {
                    out->profile = profile;
                    out->profile_size = size;
                } else {
                    free(profile);
                }
            }
            if (nclx) heif_nclx_color_profile_free(nclx);
            result = PICTUREFACTS_OK;
        }
        heif_image_handle_release(handle);
    }
    heif_context_free(context);
    return result;
}

// MARK: WebP

int picturefacts_read_webp(const uint8_t *data, size_t length, picturefacts *out) {
    memset(out, 0, sizeof(*out));
    WebPData bytes = {data, length};
    WebPDemuxer *demux = WebPDemux(&bytes);
    if (!demux) return PICTUREFACTS_DAMAGED;
    out->width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    out->height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    uint32_t flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
    out->has_alpha = (flags & ALPHA_FLAG) != 0;
    uint32_t frames = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    out->animated = (flags & ANIMATION_FLAG) != 0 && frames > 1;
    if (out->animated) out->frame_count = frames > PICTUREFACTS_MAX_FRAMES ? PICTUREFACTS_MAX_FRAMES + 1 : frames;
    WebPChunkIterator chunk;
    if ((flags & ICCP_FLAG) && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        picturefacts_keep_profile(out, chunk.chunk.bytes, chunk.chunk.size);
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    if ((flags & EXIF_FLAG) && WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
        out->orientation = picturefacts_exif_orientation(chunk.chunk.bytes, chunk.chunk.size);
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    WebPDemuxDelete(demux);
    return out->width > 0 && out->height > 0 ? PICTUREFACTS_OK : PICTUREFACTS_DAMAGED;
}

// MARK: TIFF

typedef struct {
    const uint8_t *data;
    uint64_t length;
    uint64_t offset;
} tiff_source;

static tmsize_t tiff_read(thandle_t handle, void *into, tmsize_t count) {
    tiff_source *source = handle;
    if (count <= 0 || source->offset >= source->length) return 0;
    uint64_t left = source->length - source->offset;
    uint64_t taken = (uint64_t)count < left ? (uint64_t)count : left;
    memcpy(into, source->data + source->offset, taken);
    source->offset += taken;
    return (tmsize_t)taken;
}

static tmsize_t tiff_write(thandle_t handle, void *from, tmsize_t count) {
    (void)handle, (void)from, (void)count;
    return -1; // read only
}

static toff_t tiff_seek(thandle_t handle, toff_t offset, int whence) {
    tiff_source *source = handle;
    uint64_t base = whence == SEEK_CUR ? source->offset : whence == SEEK_END ? source->length : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    source->offset = base + offset;
    return source->offset;
}

static int tiff_close(thandle_t handle) { (void)handle; return 0; }
static toff_t tiff_size(thandle_t handle) { return ((tiff_source *)handle)->length; }
static int tiff_quiet(TIFF *tiff, void *data, const char *module, const char *format, va_list arguments) {
    (void)tiff, (void)data, (void)module, (void)format, (void)arguments;
    return 1; // handled: libtiff prints nothing
}

int picturefacts_read_tiff(const uint8_t *data, size_t length, picturefacts *out) {
    memset(out, 0, sizeof(*out));
    tiff_source source = {data, length, 0};
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return PICTUREFACTS_DAMAGED;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, PICTUREFACTS_MAX_PROFILE);
    TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_quiet, NULL);
    TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_quiet, NULL);
    // "m": no memory mapping (there is no file to map).
    TIFF *tiff = TIFFClientOpenExt("picture", "rm", &source, tiff_read, tiff_write, tiff_seek, tiff_close, tiff_size,
                                   NULL, NULL, options);
    TIFFOpenOptionsFree(options);
    if (!tiff) return PICTUREFACTS_DAMAGED;
    uint32_t width = 0, height = 0;
    uint16_t orientation = 0, extra = 0;
    uint16_t *extra_kinds = NULL;
    uint32_t profile_size = 0;
    void *profile = NULL;
    int result = PICTUREFACTS_DAMAGED;
    if (TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width) && TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height)) {
        out->width = width;
        out->height = height;
        if (TIFFGetField(tiff, TIFFTAG_ORIENTATION, &orientation)
            && orientation >= FIRST_ORIENTATION && orientation <= LAST_ORIENTATION) {
            out->orientation = orientation;
        }
        out->has_alpha = TIFFGetField(tiff, TIFFTAG_EXTRASAMPLES, &extra, &extra_kinds) && extra > 0;
        if (TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &profile_size, &profile)) picturefacts_keep_profile(out, profile, profile_size);
        result = PICTUREFACTS_OK;
    }
    TIFFClose(tiff);
    return result;
}
