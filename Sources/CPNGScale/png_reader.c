// libpng reading from bytes in memory, quietly (png_reader.h).
#include "png_reader.h"

#include <string.h>

static void read_from_memory(png_structp png, png_bytep into, size_t count) {
    memory_source *source = png_get_io_ptr(png);
    if (count > source->length - source->offset) {
        source->ran_out = 1;
        png_error(png, "truncated");
    }
    memcpy(into, source->data + source->offset, count);
    source->offset += count;
}

// libpng's default handlers print to stderr; a hostile file's complaints are not ours to log.
static void fail_quietly(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void ignore_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

png_structp pngscale_open_reader(memory_source *source) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, fail_quietly, ignore_warning);
    if (png) png_set_read_fn(png, source, read_from_memory);
    return png;
}

void pngscale_read_in_small_steps(png_structp png) {
    // For a reading struct this sets how much IDAT data each read asks for (libpng 1.6).
    png_set_compression_buffer_size(png, 1024);
}
