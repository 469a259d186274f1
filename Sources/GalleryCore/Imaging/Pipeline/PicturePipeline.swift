import Foundation
import GObjectSupport

/// The one way a picture from outside becomes pixels. Every request — a thumbnail, a page, full
/// size, the detail of a zoom, what has arrived of a download, frames of an animation — is a
/// `FrameRequest` of an opened picture (`OpenedPicture`). In the app it goes to a sandboxed
/// worker (`SandboxedDecoding`): the app's own process reads no byte of a picture but its magic
/// number. Inside the worker (and in the benchmark's in-process runs) `frame` runs the steps,
/// each once, for every format and request:
///
/// 1. limits: the pixel limit from the facts the opening read, the fit turned for a picture
///    stored on its side (`storedGate`);
/// 2. the decoders the registry has for the format that can serve the request, in turn
///    (`DecoderRegistry`, `DecoderAbilities`), on a clip mapped to the stored picture;
/// 3. an animation's frames (`AnimationFrames`);
/// 4. colour to sRGB from the picture's profile (`toSRGB`), unless a copy keeps its own;
/// 5. rows not received yet made clear;
/// 6. upright from the facts' orientation, then as a person turned it (`PictureOrientation`).
enum PicturePipeline {
    /// True where pictures are decoded in this process: in a worker, or with isolation off.
    static var decodesHere: Bool { DecodeWorker.isWorker || DecoderIsolation.current == .inProcess }

    /// The picture at `gate`'s fit (a `.within` box is upright), upright, then as `turn` turns
    /// it (a person's turn, for print); with `keepAnimation`, an animation's frames too.
    static func picture(
        _ bytes: PictureBytes, gate: LoaderSizeGate, keepAnimation: Bool = false, turn: PictureTurn = .none
    ) throws(LoadError) -> PixbufLoading.Loaded {
        guard decodesHere else {
            return try SandboxedDecoding.load(bytes, purpose: .picture, gate: gate, keepAnimation: keepAnimation, turn: turn).picture
        }
        return try frame(OpenedPicture(bytes.data), FrameRequest(fit: gate.fit, frames: keepAnimation, turn: turn), gate: gate).loaded
    }

    /// Finer than a page: the pixels of `region` (where a decoder of the format clips: a
    /// baseline JPEG), or every pixel, upright.
    static func detail(_ bytes: PictureBytes, region: DetailRegion?, gate: LoaderSizeGate) throws(LoadError) -> FullDetailImage.Pixels {
        guard decodesHere else {
            let reply = try SandboxedDecoding.load(bytes, purpose: .detail, region: region, gate: gate)
            let header = reply.header
            return FullDetailImage.Pixels(pixbuf: try reply.picture.pixbuf,
                                          imageSize: PixelSize(width: header.declaredWidth, height: header.declaredHeight),
                                          origin: (header.originX, header.originY), scale: Double(header.scaleEighths) / 8)
        }
        let frame = try frame(OpenedPicture(bytes.data), FrameRequest(fit: gate.fit, clip: region), gate: gate)
        return FullDetailImage.Pixels(pixbuf: frame.loaded.pixbuf, imageSize: frame.placement?.imageSize,
                                      origin: frame.placement?.origin ?? (0, 0), scale: frame.placement?.scale ?? 1)
    }

    /// What has arrived of a download, drawn as the whole will be at `screen`, upright; nil
    /// while nothing can be drawn yet.
    static func arriving(_ received: Data, screen: PixelSize, maxPixels: Int) throws(LoadError) -> PixbufLoading.Loaded? {
        let gate = LoaderSizeGate(maxPixels: maxPixels, fit: ImageDecoder.screenFit(screen))
        guard decodesHere else {
            return try SandboxedDecoding.load(PictureBytes(oneOff: received), purpose: .arriving, gate: gate).loaded
        }
        return try frame(OpenedPicture(received, arriving: true), FrameRequest(fit: gate.fit), gate: gate, arriving: true)?.loaded
    }

    /// Pixels as a request asked for them: upright, in sRGB.
    struct Frame {
        var loaded: PixbufLoading.Loaded
        /// Where a clip's pixels lie in the upright picture; nil when they are all of it.
        var placement: Placement?
    }

    /// A clip's pixels in the whole picture.
    struct Placement {
        /// The whole picture, upright, in source pixels.
        let imageSize: PixelSize
        /// Where the pixels start, in upright pixels at `scale`.
        let origin: (x: Int, y: Int)
        /// Decoded pixels per source pixel.
        let scale: Double
    }
}
