/// What one request asks of an opened picture (`OpenedPicture`), in upright terms, as glycin's
/// `FrameRequest` does: the size to fit (the target scale), the part of the picture (a clip),
/// and which of an animation's frames come too: from a frame index, as many as fit their bytes. Thumbnails, pages, a zoom's detail, the rows of
/// a download still arriving, print and save are all requests of this one shape; the pipeline
/// (`PicturePipeline.frame`) turns it into what the stored picture's decoder is asked
/// (`StoredRequest`).
struct FrameRequest {
    /// The box the picture is fitted into, upright.
    var fit: LoaderSizeGate.Fit
    /// A zoom's part of the picture in upright source pixels, and how finely; nil for all of it.
    var clip: DetailRegion?
    /// The frames of an animation that plays, beside the still, from `firstFrame` on, as many
    /// whole frames as fit these bytes (RGBA at the canvas size: `AnimationExtent.spanBytes`);
    /// 0 for the still alone.
    var animationBytes = 0
    /// The index of the first frame asked for: 0, or where the span before it ended.
    var firstFrame = 0
    /// The pixels left in the picture's own colour space (its profile goes with them into a
    /// copy: `TurnedCopy`), not converted to sRGB.
    var keepsColour = false
    /// How a person turned the picture, after its own orientation (a turned copy).
    var turn = PictureTurn.none

    var frames: Bool { animationBytes > 0 }
}

/// A frame request as the decoder of the stored picture gets it: the clip mapped to stored
/// pixels (`PictureOrientation.storedRect`) at the scale the pipeline chose; the fit, already
/// turned for a picture stored on its side, is the gate's.
struct StoredRequest {
    struct Clip: Equatable {
        /// Decoded pixels per source pixel, in eighths (libjpeg scales by n/8 while decoding).
        var eighths: Int
        /// The stored picture's size at that scale.
        var scaledSize: PixelSize
        /// The part asked for, in stored pixels at that scale.
        var rect: PixelRect
    }

    var clip: Clip?
    /// As `FrameRequest.animationBytes`: the most a decoder's frames may take; 0 for none.
    var animationBytes = 0
    /// As `FrameRequest.firstFrame`: the frames before it are decoded (each is drawn over the
    /// ones before it) but not kept.
    var firstFrame = 0

    var frames: Bool { animationBytes > 0 }
}

/// What a decoder can do beyond decoding complete bytes whole at a fit; the pipeline does the
/// rest: a decoder that cannot clip decodes the whole picture (which serves every clip), and a
/// format none of whose decoders reads partial bytes draws nothing until its last byte is in.
struct DecoderAbilities: OptionSet {
    let rawValue: Int
    /// Decodes only `StoredRequest.clip` (and so costs what a zoom shows, not the photo).
    static let clip = DecoderAbilities(rawValue: 1)
    /// Draws bytes that are not complete yet, saying how many stored rows are final.
    static let partialBytes = DecoderAbilities(rawValue: 2)
    /// Decodes complete bytes whole at the gate's fit: every format has one decoder that does.
    static let whole = DecoderAbilities(rawValue: 4)
}
