import Foundation
import GObjectSupport

/// The one way a picture from outside becomes pixels. Every request — a thumbnail, a page, full
/// size, the detail of a zoom, what has arrived of a download, frames of an animation — is a
/// `FrameRequest` of an opened picture (`OpenedPicture`), sent through the process's loader
/// (`DecoderIsolation.loader`: in the app, a message to a sandboxed worker, and the app's own
/// process reads no byte of a picture but its magic number). Where the picture is decoded (in
/// the worker, or here with isolation off) `frame` runs the steps, each once, for every format
/// and request:
///
/// 1. limits: the pixel limit from the facts the opening read, the fit turned for a picture
///    stored on its side (`storedGate`);
/// 2. the decoders the registry has for the format that can serve the request, in turn
///    (`DecoderRegistry`, `DecoderAbilities`), on a clip mapped to the stored picture; an
///    animation's frames are its decoder's (no format's code is here);
/// 3. colour to sRGB from the picture's profile (`toSRGB`), unless a copy keeps its own;
/// 4. rows not received yet made clear;
/// 5. upright from the facts' orientation, then as a person turned it (`PictureOrientation`).
enum PicturePipeline {
    /// The picture at `gate`'s fit (a `.within` box is upright), upright, then as `turn` turns
    /// it (a person's turn, for print); with `animationBytes`, an animation's frames too, from
    /// `firstFrame` on, as many as fit those bytes.
    static func picture(
        _ bytes: PictureBytes, gate: LoaderSizeGate, animationBytes: Int = 0, firstFrame: Int = 0, turn: PictureTurn = .none
    ) throws(LoadError) -> DecodedFrame {
        let request = FrameRequest(fit: gate.fit, animationBytes: animationBytes, firstFrame: firstFrame, turn: turn)
        guard let frame = try DecoderIsolation.loader().frame(bytes, request, gate: gate) else { throw .couldNotDecode }
        return frame
    }

    /// Finer than a page: the pixels of `region` (where a decoder of the format clips: a
    /// baseline JPEG), or every pixel, upright.
    static func detail(_ bytes: PictureBytes, region: DetailRegion?, gate: LoaderSizeGate) throws(LoadError) -> FullDetailImage.Pixels {
        guard let frame = try DecoderIsolation.loader().frame(bytes, FrameRequest(fit: gate.fit, clip: region), gate: gate) else {
            throw .couldNotDecode
        }
        return FullDetailImage.Pixels(pixbuf: frame.pixbuf, imageSize: frame.placement?.imageSize,
                                      origin: frame.placement?.origin ?? (0, 0), scale: frame.placement?.scale ?? 1)
    }

    /// What has arrived of a download (`PictureBytes.complete` false), drawn as the whole will
    /// be at `screen`, upright; nil while nothing can be drawn yet.
    static func arriving(_ received: PictureBytes, screen: PixelSize, maxPixels: Int) throws(LoadError) -> DecodedFrame? {
        let gate = LoaderSizeGate(maxPixels: maxPixels, fit: ImageDecoder.screenFit(screen))
        return try DecoderIsolation.loader().frame(received, FrameRequest(fit: gate.fit), gate: gate)
    }
}
