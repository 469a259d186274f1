/// The pipeline's share of the pixel budget (`DecodeThreads.pixels`), taken in its first step
/// for a decode in the app's own process: isolation off, the benchmark's in-process runs. In a
/// worker the gate counts nothing (`LoaderSizeGate.countsPixels`), and the app counts the reply.
extension PicturePipeline {
    /// What the decode allocates, from the facts the opening read: a clip's pixels (a format
    /// whose decoder cannot clip decodes whole beyond them); the picture at the size its decoder
    /// makes it (JPEG at its DCT scale, most others whole) and its scaled copy; a GIF's frames
    /// copied out (`AnimationFrames.copiedPixels`). A picture whose size the facts lack is held to the most its fit allows.
    static func pixelsAllocated(_ picture: OpenedPicture, _ request: FrameRequest, gate: LoaderSizeGate) -> Int {
        let facts = picture.facts
        if picture.bytesComplete, let region = request.clip, let clip = storedClip(region, facts: facts) {
            return clip.stored.rect.width * clip.stored.rect.height // both sides within the picture's
        }
        guard let size = facts.size, size.width > 0, size.height > 0, size.pixels <= gate.maxPixels else {
            return min(gate.maxPixels, gate.fit.mostPixels)
        }
        gate.format = picture.format
        if request.frames { gate.extraPixels = AnimationFrames.copiedPixels(of: picture) }
        let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit)
        return gate.allocatedPixels(width: size.width, height: size.height, target: target)
    }
}
