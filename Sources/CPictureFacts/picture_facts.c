#include "CPictureFacts.h"

#include <stdio.h> // before jpeglib.h, which uses FILE
#include <gexiv2/gexiv2.h>
#include <jerror.h>
#include <jpeglib.h>
#include <libheif/heif.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>
#include <webp/demux.h>

// What libjpeg may allocate to read a header: bounds a hostile one (many components, tables).
enum { MAX_JPEG_MEMORY = 16 * 1024 * 1024 };
// EXIF's own orientation values; anything else in the tag is no orientation.
enum { FIRST_ORIENTATION = 1, LAST_ORIENTATION = 8 };

static pthread_once_t exiv2_once = PTHREAD_ONCE_INIT;

static void prepare_exiv2(void) {
    gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE); // a broken file's complaints are not ours to print
    gexiv2_initialize();
}

// The orientation an EXIF block (a TIFF header and its directories, with or without the
// "Exif\0\0" of a JPEG's APP1) gives, read by Exiv2; 0 for none.
static int exif_orientation(const uint8_t *exif, size_t length) {
    if (!exif || length < 8 || length > PICTUREFACTS_MAX_EXIF) return 0;
    pthread_once(&exiv2_once, prepare_exiv2);
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    if (!metadata) return 0;
    GError *error = NULL;
    int orientation = 0;
    if (gexiv2_metadata_from_app1_segment(metadata, exif, (glong)length, &error)) {
        orientation = (int)gexiv2_metadata_try_get_orientation(metadata, &error);
    }
    g_clear_error(&error);
    g_object_unref(metadata);
    return orientation >= FIRST_ORIENTATION && orientation <= LAST_ORIENTATION ? orientation : 0;
}

static int keep_profile(picturefacts *out, const void *profile, size_t size) {
    if (!profile || size == 0 || size > PICTUREFACTS_MAX_PROFILE) return 0;
    out->profile = malloc(size);
    if (!out->profile) return 0;
    memcpy(out->profile, profile, size);
    out->profile_size = size;
    return 1;
}

void picturefacts_release(picturefacts *facts) {
    free(facts->profile);
    facts->profile = NULL;
    facts->profile_size = 0;
}

// MARK: JPEG

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
} jpeg_failure;

// libjpeg's default error_exit calls exit(): jump back instead.
static void jpeg_fail(j_common_ptr info) { longjmp(((jpeg_failure *)info->err)->jump, 1); }
static void jpeg_silent(j_common_ptr info) { (void)info; }

static const uint8_t exif_signature[6] = {'E', 'x', 'i', 'f', 0, 0};

int picturefacts_read_jpeg(const uint8_t *data, size_t length, picturefacts *out) {
    memset(out, 0, sizeof(*out));
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.output_message = jpeg_silent;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        picturefacts_release(out);
        return PICTUREFACTS_DAMAGED;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = MAX_JPEG_MEMORY;
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF); // EXIF
    jpeg_save_markers(&info, JPEG_APP0 + 2, 0xFFFF); // ICC profile, in as many parts as it takes
    // A source that ends before the header does is "no image" here, not a fake end of file.
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) longjmp(failure.jump, 1);
    out->width = info.image_width;
    out->height = info.image_height;
    out->progressive = info.progressive_mode || jpeg_has_multiple_scans(&info);
    out->cmyk = (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) && info.num_components == 4;
    JOCTET *profile = NULL;
    unsigned int profile_size = 0;
    if (jpeg_read_icc_profile(&info, &profile, &profile_size)) {
        keep_profile(out, profile, profile_size);
        free(profile);
    }
    for (jpeg_saved_marker_ptr marker = info.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length > sizeof(exif_signature)
            && memcmp(marker->data, exif_signature, sizeof(exif_signature)) == 0) {
            out->orientation = exif_orientation(marker->data, marker->data_length);
            break;
        }
    }
    jpeg_destroy_decompress(&info);
    return PICTUREFACTS_OK;
}

// MARK: PNG

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} png_source;

static void png_read_memory(png_structp png, png_bytep into, size_t count) {
    png_source *source = png_get_io_ptr(png);
    if (count > source->length - source->offset) png_error(png, "the data ended");
    memcpy(into, source->data + source->offset, count);
    source->offset += count;
}

static void png_silent(png_structp png, png_const_charp message) { (void)png, (void)message; }
static void png_fail(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

int picturefacts_read_png(const uint8_t *data, size_t length, picturefacts *out) {
    memset(out, 0, sizeof(*out));
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail, png_silent);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return PICTUREFACTS_DAMAGED;
    }
    png_source source = {data, length, 0};
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        picturefacts_release(out);
        return PICTUREFACTS_DAMAGED;
    }
    png_set_read_fn(png, &source, png_read_memory);
    png_set_user_limits(png, 0x7fffffffU, 0x7fffffffU); // the app bounds the sides itself
    png_set_chunk_malloc_max(png, PICTUREFACTS_MAX_PROFILE); // what an inflating chunk may take
    png_read_info(png, info);
    png_uint_32 width = 0, height = 0;
    int depth = 0, color = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &color, NULL, NULL, NULL);
    out->width = width;
    out->height = height;
    out->has_alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_size)) keep_profile(out, profile, profile_size);
    png_bytep exif = NULL;
    png_uint_32 exif_size = 0;
    if (png_get_eXIf_1(png, info, &exif_size, &exif)) out->orientation = exif_orientation(exif, exif_size);
    png_destroy_read_struct(&png, &info, NULL);
    return PICTUREFACTS_OK;
}

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
            if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
                size_t size = heif_image_handle_get_raw_color_profile_size(handle);
                void *profile = size > 0 && size <= PICTUREFACTS_MAX_PROFILE ? malloc(size) : NULL;
                if (profile && heif_image_handle_get_raw_color_profile(handle, profile).code == heif_error_Ok) {
                    out->profile = profile;
                    out->profile_size = size;
                } else {
                    free(profile);
                }
            }
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
    WebPChunkIterator chunk;
    if ((flags & ICCP_FLAG) && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        keep_profile(out, chunk.chunk.bytes, chunk.chunk.size);
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    if ((flags & EXIF_FLAG) && WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
        out->orientation = exif_orientation(chunk.chunk.bytes, chunk.chunk.size);
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
        if (TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &profile_size, &profile)) keep_profile(out, profile, profile_size);
        result = PICTUREFACTS_OK;
    }
    TIFFClose(tiff);
    return result;
}
