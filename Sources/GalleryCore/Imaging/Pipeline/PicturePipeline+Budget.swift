/// The pipeline's share of the pixel budget (`DecodeThreads.pixels`), taken in its first step
/// for a decode in the app's own process: isolation off, the benchmark's in-process runs. In a
/// worker the gate counts nothing (`LoaderSizeGate.countsPixels`), and the app counts the reply.
extension PicturePipeline {
    /// What the decode allocates, from the facts the opening read: a clip's pixels (a format
    /// whose decoder cannot clip decodes whole beyond them); the picture at the size its decoder
    /// makes it (JPEG at its DCT scale, most others whole) and its scaled copy; a GIF's frames
    /// and any animation's frames asked for at their canvas size (`AnimationExtent`). A picture whose size the facts lack is held to the most its fit allows.
    static func pixelsAllocated(_ picture: OpenedPicture, _ request: FrameRequest, gate: LoaderSizeGate) -> Int {
        let facts = picture.facts
        if picture.bytesComplete, let region = request.clip, let clip = storedClip(region, facts: facts) {
            return clip.stored.rect.width * clip.stored.rect.height // both sides within the picture's
        }
        guard let size = facts.size, size.width > 0, size.height > 0, size.pixels <= gate.maxPixels else {
            return min(gate.maxPixels, gate.fit.mostPixels)
        }
        let extra = plays(picture, request) ? min(picture.facts.animation?.frameBytes ?? 0, request.animationBytes) / 4 : 0
        let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit)
        let full = max(size.pixels, facts.decodedPixels ?? 0) // a HEIF's whole `ispe` picture
        return allocatedPixels(full: full, width: size.width, height: size.height, target: target, format: picture.format) + extra
    }

    /// What the format's decoder allocates for a picture of `full` pixels: JPEG decodes straight
    /// at a power-of-two fraction of its size (libjpeg's DCT scaling, the smallest that still
    /// covers the target), PNG scales row by row, and SVG renders at the target; the other
    /// decoders decode at full size and scale a copy afterwards.
    static func allocatedPixels(full: Int, width: Int, height: Int, target: (width: Int, height: Int)?, format: ImageFormat) -> Int {
        guard let target else { return full }
        let scaled = target.width * target.height
        switch format {
        case .svg:
            return scaled
        case .png:
            // Scaled row by row (`PNGRowScaling`): the target, and a source row and its sums.
            return scaled + 2 * width + 8 * target.width
        case .heif, .avif:
            // libheif holds the decoded planes beside the RGBA picture it hands over.
            return 2 * full + scaled
        case .jpeg:
            var denominator = 1
            while denominator < 8, width / (denominator * 2) >= target.width, height / (denominator * 2) >= target.height {
                denominator *= 2
            }
            return full / (denominator * denominator) + scaled
        default:
            return full + scaled
        }
    }
}
