#include "CPictureFacts.h"
#include "picture_facts_shared.h"

#include <stdio.h> // before jpeglib.h, which uses FILE
#include <gexiv2/gexiv2.h>
#include <jerror.h>
#include <jpeglib.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// What libjpeg may allocate to read a header: bounds a hostile one (many components, tables).
enum { MAX_JPEG_MEMORY = 16 * 1024 * 1024 };

static pthread_once_t exiv2_once = PTHREAD_ONCE_INIT;

static void prepare_exiv2(void) {
    gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE); // a broken file's complaints are not ours to print
    gexiv2_initialize();
}

// The orientation an EXIF block (a TIFF header and its directories, with or without the
// "Exif\0\0" of a JPEG's APP1) gives, read by Exiv2; 0 for none.
int picturefacts_exif_orientation(const uint8_t *exif, size_t length) {
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

int picturefacts_keep_profile(picturefacts *out, const void *profile, size_t size) {
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
        picturefacts_keep_profile(out, profile, profile_size);
        free(profile);
    }
    for (jpeg_saved_marker_ptr marker = info.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length > sizeof(exif_signature)
            && memcmp(marker->data, exif_signature, sizeof(exif_signature)) == 0) {
            out->orientation = picturefacts_exif_orientation(marker->data, marker->data_length);
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
    // libpng 1.6.39 does not know cICP: kept as an unknown chunk to read here.
    static const png_byte cicp[5] = {'c', 'I', 'C', 'P', '\0'};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, cicp, 1);
    png_read_info(png, info);
    png_unknown_chunkp unknown = NULL;
    int unknown_count = png_get_unknown_chunks(png, info, &unknown);
    for (int index = 0; index < unknown_count; index++) {
        if (memcmp(unknown[index].name, "cICP", 4) == 0 && unknown[index].size == 4) {
            memcpy(out->cicp, unknown[index].data, 4);
            out->has_cicp = 1;
        }
    }
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
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_size)) picturefacts_keep_profile(out, profile, profile_size);
    out->png_srgb = png_get_valid(png, info, PNG_INFO_sRGB) ? 1 : 0;
    double gamma = 0;
    if (png_get_gAMA(png, info, &gamma)) out->png_gamma = gamma;
    double *c = out->png_chromaticities;
    out->png_has_chromaticities = png_get_cHRM(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) ? 1 : 0;
    png_bytep exif = NULL;
    png_uint_32 exif_size = 0;
    if (png_get_eXIf_1(png, info, &exif_size, &exif)) out->orientation = picturefacts_exif_orientation(exif, exif_size);
    png_destroy_read_struct(&png, &info, NULL);
    return PICTUREFACTS_OK;
}
