import GObjectSupport

/// The one frame type every decoder returns, the pipeline hands on and a worker's reply becomes
/// again in the app: the pixels (one owned pixbuf reference), where they lie in the picture, the
/// animation's frames and their delays, and the colour state they are in.
struct DecodedFrame {
    var pixbuf: ObjectReference
    /// The picture's size as its file declares it (upright once the pipeline turned it).
    var declaredWidth: Int
    var declaredHeight: Int
    /// Where a clip's pixels lie in the upright picture; nil when they are all of it.
    var placement: FramePlacement? = nil
    /// This decode's share of `DecodeThreads.pixels`, given back when the last copy of this
    /// value (and so its pixbuf) goes away, or on `release()`. Taken in the app only.
    var budget: PriorityGate.Pass? = nil
    /// The profile the decoder found its pixels in, when it read one the facts do not
    /// carry (libavif's, of an image sequence); the pipeline converts from it.
    var decoderProfile: [UInt8]? = nil
    /// In sRGB already: the decoder converted the colour itself (CMYK ink), or the pipeline
    /// did (`PicturePipeline.toSRGB`).
    var inSRGB = false
    /// Of partial bytes: stored rows from the top that are final; the pipeline clears the
    /// rest (they have not arrived).
    var rowsFinal: Int? = nil
    /// The part of the EXIF orientation the decoder left to turn, when it turned some of it
    /// itself (libtiff: see `tiffOrientationLeft`); nil when it turned nothing.
    var orientationLeft: Int? = nil
    /// An animation's frames after the still, each with its delay, at the still's size.
    var framePixels: [AnimationFrames.FramePixels]? = nil
    var loopCount = 0

    var pointer: OpaquePointer { OpaquePointer(pixbuf.pointer) }
}
