#include "CPictureMetadata.h"

#include <gexiv2/gexiv2.h>
#include <string.h>

void picturemetadata_initialize(void) {
    gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE); // a broken file's complaints are not ours to print
    gexiv2_initialize();
}

// The first of `tags` the file has, as Exiv2 renders it for people, into `out`.
static void copy_first(GExiv2Metadata *metadata, const char *const *tags, char *out) {
    out[0] = '\0';
    for (; *tags; tags++) {
        GError *error = NULL;
        if (!gexiv2_metadata_try_has_tag(metadata, *tags, &error)) {
            g_clear_error(&error);
            continue;
        }
        gchar *value = gexiv2_metadata_try_get_tag_interpreted_string(metadata, *tags, &error);
        g_clear_error(&error);
        if (value && value[0]) {
            g_strlcpy(out, g_strstrip(value), PICTUREMETADATA_TEXT);
            g_free(value);
            return;
        }
        g_free(value);
    }
}

int picturemetadata_read(const uint8_t *data, size_t length, picturemetadata_camera *out) {
    memset(out, 0, sizeof(*out));
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    if (!metadata || !gexiv2_metadata_open_buf(metadata, data, (glong)length, &error)) {
        g_clear_error(&error);
        if (metadata) g_object_unref(metadata);
        return PICTUREMETADATA_NONE;
    }
    static const char *const make[] = {"Exif.Image.Make", "Xmp.tiff.Make", NULL};
    static const char *const model[] = {"Exif.Image.Model", "Xmp.tiff.Model", NULL};
    static const char *const lens[] = {"Exif.Photo.LensModel", "Xmp.aux.Lens", "Xmp.exifEX.LensModel", NULL};
    static const char *const taken[] = {"Exif.Photo.DateTimeOriginal", "Xmp.exif.DateTimeOriginal",
                                        "Xmp.photoshop.DateCreated", "Exif.Image.DateTime", NULL};
    copy_first(metadata, make, out->make);
    copy_first(metadata, model, out->model);
    copy_first(metadata, lens, out->lens);
    copy_first(metadata, taken, out->taken);

    gint numerator = 0, denominator = 0;
    if (gexiv2_metadata_try_get_exposure_time(metadata, &numerator, &denominator, &error) && numerator > 0 && denominator > 0) {
        out->exposure_numerator = numerator;
        out->exposure_denominator = denominator;
    }
    g_clear_error(&error);
    out->f_number = gexiv2_metadata_try_get_fnumber(metadata, &error);
    g_clear_error(&error);
    if (out->f_number < 0) out->f_number = 0;
    out->iso = gexiv2_metadata_try_get_iso_speed(metadata, &error);
    g_clear_error(&error);
    if (out->iso < 0) out->iso = 0;
    out->focal_length = gexiv2_metadata_try_get_focal_length(metadata, &error);
    g_clear_error(&error);
    if (out->focal_length < 0) out->focal_length = 0;
    if (gexiv2_metadata_try_has_tag(metadata, "Exif.Image.Orientation", &error)) {
        out->orientation = (int)gexiv2_metadata_try_get_orientation(metadata, &error);
    }
    g_clear_error(&error);
    // Latitude and longitude each (the combined call also wants an altitude, which phones
    // often leave out).
    gdouble longitude = 0, latitude = 0;
    gboolean has_longitude = gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, &error);
    g_clear_error(&error);
    gboolean has_latitude = gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, &error);
    g_clear_error(&error);
    if (has_longitude && has_latitude) {
        out->has_position = 1;
        out->latitude = latitude;
        out->longitude = longitude;
    }
    g_object_unref(metadata);
    return PICTUREMETADATA_OK;
}
