// Reads what a picture file says about itself (EXIF, XMP) with gexiv2 (Exiv2), for the viewer's
// properties panel. Exiv2 parses hostile input and has had its share of bugs: this runs in the
// sandboxed decode worker, under its CPU and memory limits, never in the app.
#pragma once
#include <stddef.h>
#include <stdint.h>

enum {
    PICTUREMETADATA_OK = 0,
    PICTUREMETADATA_NONE = 1,  // no metadata Exiv2 can read (a format it does not know, or broken)
};

enum { PICTUREMETADATA_TEXT = 128 };

typedef struct {
    char make[PICTUREMETADATA_TEXT];
    char model[PICTUREMETADATA_TEXT];
    char lens[PICTUREMETADATA_TEXT];
    char taken[PICTUREMETADATA_TEXT];    // as stored: "2024:05:01 12:30:00" (EXIF) or ISO 8601 (XMP)
    int exposure_numerator;              // exposure time in seconds as a fraction; 0/0: none
    int exposure_denominator;
    double f_number;                     // 0: none
    int iso;                             // 0: none
    double focal_length;                 // millimetres; 0: none
    int orientation;                     // EXIF 1–8; 0: none
    int has_position;
    double latitude;                     // degrees, north positive
    double longitude;                    // degrees, east positive
} picturemetadata_camera;

// Must be called once before the first read (it prepares Exiv2's XMP parser).
void picturemetadata_initialize(void);

// Reads the camera's side of `length` bytes of a picture into `out` (text fields NUL-terminated,
// cut to fit). Fields the file does not have stay empty or zero.
int picturemetadata_read(const uint8_t *data, size_t length, picturemetadata_camera *out);
