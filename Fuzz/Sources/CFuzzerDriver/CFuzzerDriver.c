// Header-only module: the declaration in include/ is all Swift needs.
#include "CFuzzerDriver.h"
