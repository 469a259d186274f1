#include "CAVIFSequence.h"

#include <avif/avif.h>
#include <string.h>

// Lenient as browsers are: a sequence a strict reading refuses for a missing property still shows.

// A decoder over `data` whose header is parsed and whose first frame fits `max_pixels`.
static avifDecoder *open_decoder(const uint8_t *data, size_t size, uint64_t max_pixels, int *status) {
    avifDecoder *decoder = avifDecoderCreate();
    if (!decoder) { *status = AVIFSEQ_FAILED; return NULL; }
    decoder->maxThreads = 2;
    decoder->strictFlags = AVIF_STRICT_DISABLED;
    // libavif refuses larger frames itself before it allocates them.
    decoder->imageSizeLimit = max_pixels > AVIF_DEFAULT_IMAGE_SIZE_LIMIT ? AVIF_DEFAULT_IMAGE_SIZE_LIMIT : (uint32_t)max_pixels;
    decoder->imageCountLimit = 1000;
    if (avifDecoderSetIOMemory(decoder, data, size) != AVIF_RESULT_OK || avifDecoderParse(decoder) != AVIF_RESULT_OK) {
        avifDecoderDestroy(decoder);
        *status = AVIFSEQ_FAILED;
        return NULL;
    }
    uint64_t pixels = (uint64_t)decoder->image->width * decoder->image->height;
    if (decoder->image->width == 0 || decoder->image->height == 0 || pixels > max_pixels) {
        avifDecoderDestroy(decoder);
        *status = AVIFSEQ_TOO_LARGE;
        return NULL;
    }
    *status = AVIFSEQ_OK;
    return decoder;
}

// The decoder's current frame as 8-bit RGBA rows of `stride` bytes, straight alpha.
static avifResult frame_to_rgba(avifDecoder *decoder, uint8_t *rgba, size_t stride) {
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, decoder->image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.pixels = rgba;
    rgb.rowBytes = (uint32_t)stride;
    return avifImageYUVToRGB(decoder->image, &rgb);
}

int avifseq_read_info(const uint8_t *data, size_t size, uint64_t max_pixels, avifseq_info *info) {
    int status;
    avifDecoder *decoder = open_decoder(data, size, max_pixels, &status);
    if (!decoder) return status;
    info->width = decoder->image->width;
    info->height = decoder->image->height;
    info->frame_count = decoder->imageCount > 0 ? (uint32_t)decoder->imageCount : 1;
    info->has_alpha = decoder->alphaPresent ? 1 : 0;
    info->icc_size = decoder->image->icc.size;
    avifDecoderDestroy(decoder);
    return AVIFSEQ_OK;
}

int avifseq_decode_first(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *rgba, size_t stride,
                         uint8_t *icc, size_t icc_capacity) {
    int status;
    avifDecoder *decoder = open_decoder(data, size, max_pixels, &status);
    if (!decoder) return status;
    if (avifDecoderNextImage(decoder) != AVIF_RESULT_OK) {
        avifDecoderDestroy(decoder);
        return AVIFSEQ_FAILED;
    }
    avifResult converted = frame_to_rgba(decoder, rgba, stride);
    // No profile is a NULL pointer of size 0, which memcpy may not be handed (found by
    // fuzz-sniffer with the C readers under UndefinedBehaviorSanitizer).
    if (converted == AVIF_RESULT_OK && icc && decoder->image->icc.size > 0 && decoder->image->icc.size <= icc_capacity) {
        memcpy(icc, decoder->image->icc.data, decoder->image->icc.size);
    }
    avifDecoderDestroy(decoder);
    return converted == AVIF_RESULT_OK ? AVIFSEQ_OK : AVIFSEQ_FAILED;
}

int avifseq_decode_frames(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *rgba, size_t stride,
                          avifseq_frame_sink sink, void *context) {
    int status;
    avifDecoder *decoder = open_decoder(data, size, max_pixels, &status);
    if (!decoder) return status;
    const uint32_t width = decoder->image->width, height = decoder->image->height;
    status = AVIFSEQ_OK;
    while (avifDecoderNextImage(decoder) == AVIF_RESULT_OK) {
        if (decoder->image->width != width || decoder->image->height != height) break;
        if (frame_to_rgba(decoder, rgba, stride) != AVIF_RESULT_OK) {
            status = AVIFSEQ_FAILED;
            break;
        }
        // Seconds, from the sequence's own timescale; a frame shows for a millisecond at least.
        double seconds = decoder->imageTiming.duration;
        uint32_t milliseconds = seconds > 0 && seconds < 86400 ? (uint32_t)(seconds * 1000 + 0.5) : 0;
        if (!sink(context, rgba, milliseconds)) break;
    }
    avifDecoderDestroy(decoder);
    return status;
}
