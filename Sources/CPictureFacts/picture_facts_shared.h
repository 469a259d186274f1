// What the readers of picture_facts.c and picture_facts_containers.c share.
#pragma once
#include "CPictureFacts.h"

// EXIF's own orientation values; anything else in the tag is no orientation.
enum { FIRST_ORIENTATION = 1, LAST_ORIENTATION = 8 };

// The orientation an EXIF block (a TIFF header and its directories, with or without the
// "Exif\0\0" of a JPEG's APP1) gives, read by Exiv2; 0 for none.
int picturefacts_exif_orientation(const uint8_t *exif, size_t length);

// Copies `profile` into `out` when it is within PICTUREFACTS_MAX_PROFILE; 0 when it was not kept.
int picturefacts_keep_profile(picturefacts *out, const void *profile, size_t size);
