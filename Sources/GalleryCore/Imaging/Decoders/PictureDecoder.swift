import Foundation

/// One decoder of the pipeline (`PicturePipeline`): it turns a picture's bytes into pixels as
/// stored — not turned upright, not colour-converted unless it says so — at the gate's fit.
/// The registry (`DecoderRegistry`) lists, for each format, the decoders to try in order; the
/// steps every picture shares (limits and budget, colour to sRGB, orientation) are the
/// pipeline's, done once around them.
protocol PictureDecoder {
    /// The picture, or nil when this decoder does not take this one (the next decoder of the
    /// format does). Throws for what is the picture's own fault: too large, damaged,
    /// cancelled. `gate` has the fit (already turned for a picture stored on its side), the
    /// pixel limit, the budget and the cancellation.
    static func decode(_ input: DecoderInput, gate: LoaderSizeGate) throws(LoadError) -> PixbufLoading.Loaded?
}

/// What a decoder gets: the bytes, what they say about themselves, and whether an animation's
/// frames are wanted.
struct DecoderInput {
    let data: Data
    let facts: PictureFacts
    var keepAnimation = false
}
