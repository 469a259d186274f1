import CGtk
import Foundation
import GObjectSupport

/// The steps of a frame request, each once (see `PicturePipeline`).
extension PicturePipeline {
    /// `request` of `picture`, decoded here; bytes that are not complete are a damaged file.
    static func frame(_ picture: OpenedPicture, _ request: FrameRequest, gate: LoaderSizeGate) throws(LoadError) -> DecodedFrame {
        guard let frame = try frame(picture, request, gate: gate, arriving: false) else { throw .damaged }
        return frame
    }

    /// `request` of `picture`, decoded here. `arriving`: the bytes are what has arrived of a
    /// download, drawn in part (nil while nothing can be); otherwise bytes that are not
    /// complete are a damaged file.
    static func frame(
        _ picture: OpenedPicture, _ request: FrameRequest, gate requested: LoaderSizeGate, arriving: Bool
    ) throws(LoadError) -> DecodedFrame? {
        let gate = try storedGate(picture, request, requested)
        // Counted only in the app's own process: a worker's gate counts nothing, so it is spared
        // the estimate (a GIF's layout read once more).
        guard gate.reserve(pixels: gate.countsPixels ? pixelsAllocated(picture, request, gate: gate) : 0) else { throw .cancelled }
        var handedOver = false
        defer { if !handedOver { gate.releaseBudget() } }
        var loaded: DecodedFrame
        var placement: FramePlacement?
        if !picture.bytesComplete {
            guard arriving else { throw .damaged }
            guard let partial = try arrived(picture, gate: gate) else { return nil }
            loaded = partial
        } else if let region = request.clip, let clip = storedClip(region, facts: picture.facts),
                  let clipped = try decodeStored(picture, StoredRequest(clip: clip.stored), gate: gate, able: .clip) {
            guard Int(gdk_pixbuf_get_width(clipped.pointer)) == clip.stored.rect.width,
                  Int(gdk_pixbuf_get_height(clipped.pointer)) == clip.stored.rect.height else { throw .couldNotDecode }
            loaded = clipped
            placement = FramePlacement(imageSize: picture.facts.uprightSize ?? clip.stored.scaledSize,
                                  origin: (clip.upright.x, clip.upright.y), scale: Double(clip.stored.eighths) / 8)
        } else {
            let frames = plays(picture, request)
            let stored = StoredRequest(animationBytes: frames ? request.animationBytes : 0, firstFrame: frames ? request.firstFrame : 0)
            let whole = try decodeStored(picture, stored, gate: gate, able: .whole)
            guard let whole else { throw .unsupportedFormat(picture.format) } // the registry ends with one that takes or throws
            loaded = whole
        }
        if !request.keepsColour { toSRGB(&loaded, facts: picture.facts) }
        if let rows = loaded.rowsFinal {
            loaded.pixbuf = try clearing(loaded.pixbuf, fromRow: rows)
            loaded.rowsFinal = nil
        }
        // The file's own turn (what the decoder left of it), then the person's, as one.
        let turn = PictureTurn(exifOrientation: loaded.orientationLeft ?? picture.facts.orientation).followed(by: request.turn)
        var upright = try PictureOrientation.upright(loaded, orientation: turn.exifOrientation)
        upright.budget = gate.takeReservation()
        handedOver = true
        upright.placement = placement
        return upright
    }

    /// Step 2: the first decoder of the picture's format with `ability` that takes it, its
    /// pixels as stored; nil when none does. A decoder that finds a picture inside its own
    /// (a RAW's preview, an APNG's frames) has it decoded whole the same way, through its
    /// context (`DecodeContext.nested`).
    static func decodeStored(
        _ picture: OpenedPicture, _ request: StoredRequest, gate: LoaderSizeGate, able ability: DecoderAbilities
    ) throws(LoadError) -> DecodedFrame? {
        let context = DecodeContext(gate: gate) { inner, gate throws(LoadError) in
            guard inner.bytesComplete else { throw .damaged }
            return try decodeStored(inner, StoredRequest(), gate: gate, able: .whole)
        }
        for decoder in DecoderRegistry.decoders(for: picture.format, able: ability) {
            do {
                if let loaded = try decoder.decode(picture, request, in: context) { return loaded }
            } catch {
                DecoderRefusal.note(decoder.library) // for the failure's Details
                throw error
            }
        }
        return nil
    }

    /// Step 2 for bytes still arriving: a decoder of the format that reads partial bytes, or
    /// else the arrived bytes made whole (`ArrivedBytesCompletion`) for its whole decoders, with
    /// the rows not received yet marked for clearing; nil while nothing can be drawn.
    static func arrived(_ picture: OpenedPicture, gate: LoaderSizeGate) throws(LoadError) -> DecodedFrame? {
        if let partial = try decodeStored(picture, StoredRequest(), gate: gate, able: .partialBytes) { return partial }
        guard let arrival = DecoderRegistry.completion(for: picture.format)?.completed(picture) else { return nil }
        do {
            guard var whole = try decodeStored(arrival.picture, StoredRequest(), gate: gate, able: .whole) else { return nil }
            whole.rowsFinal = arrival.rowsFinal(height: Int(gdk_pixbuf_get_height(whole.pointer)))
            return whole
        } catch .damaged {
            return nil // this much does not decode yet; more bytes may
        }
    }

    /// Step 1: the gate the stored picture is decoded under: the pixel limit checked against
    /// what the header says the decoder allocates; the fit turned for a picture stored (or
    /// turned by a person) on its side; an animation that plays at full size, each frame one
    /// texture.
    private static func storedGate(
        _ picture: OpenedPicture, _ request: FrameRequest, _ gate: LoaderSizeGate
    ) throws(LoadError) -> LoaderSizeGate {
        let facts = picture.facts
        var fit = gate.fit
        if plays(picture, request) {
            fit = .inside(maxSide: gate.fit.maxSide)
        } else if PictureTurn(exifOrientation: facts.orientation).followed(by: request.turn).swapsSides,
                  case .within(let width, let height, let maxSide) = fit {
            fit = .within(width: height, height: width, maxSide: maxSide)
        }
        let stored = fit == gate.fit ? gate
            : LoaderSizeGate(maxPixels: gate.maxPixels, fit: fit, countsPixels: gate.countsPixels, cancellation: gate.cancellation)
        if let pixels = facts.decodedPixels, pixels > stored.maxPixels { throw .tooLarge }
        return stored
    }

    /// Whether `request` brings `picture`'s frames: it asks for them from a frame its container
    /// counts, and a frame fits the bytes it allows. An animation that does not is its still.
    static func plays(_ picture: OpenedPicture, _ request: FrameRequest) -> Bool {
        guard request.frames, let animation = picture.facts.animation else { return false }
        return request.firstFrame >= 0 && request.firstFrame < animation.frameCount && animation.oneFrameBytes <= request.animationBytes
    }

    /// A clip in upright source pixels as the stored picture's decoder is asked for it: at the
    /// coarsest n/8 scale as fine as the screen, grown outwards to whole pixels, within the
    /// picture, mapped through the orientation (`PictureOrientation.storedRect`).
    static func storedClip(_ region: DetailRegion, facts: PictureFacts) -> (stored: StoredRequest.Clip, upright: PixelRect)? {
        guard let size = facts.size, size.width > 0, size.height > 0 else { return nil }
        let eighths = region.scaleEighths
        // libjpeg's scaled size: the side times n/8, rounded up (sides are at most 2²⁴).
        let stored = PixelSize(width: (size.width * eighths + 7) / 8, height: (size.height * eighths + 7) / 8)
        let upright = facts.turnsSides ? stored.swapped : stored
        let scale = Double(eighths) / 8
        let left = min(upright.width - 1, max(0, Int((region.x * scale).rounded(.down))))
        let top = min(upright.height - 1, max(0, Int((region.y * scale).rounded(.down))))
        let right = max(left + 1, min(upright.width, Int(((region.x + region.width) * scale).rounded(.up))))
        let bottom = max(top + 1, min(upright.height, Int(((region.y + region.height) * scale).rounded(.up))))
        let wanted = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        let rect = PictureOrientation.storedRect(wanted, orientation: facts.orientation, storedSize: stored)
        return (StoredRequest.Clip(eighths: eighths, scaledSize: stored, rect: rect), wanted)
    }

    /// Step 3, the one place colour is converted: the still and every frame, from the profile
    /// the decoder read (`decoderProfile`) or the file's, to sRGB; nothing for a decoder that
    /// converted its own pixels (CMYK ink) or an untagged picture.
    static func toSRGB(_ loaded: inout DecodedFrame, facts: PictureFacts) {
        guard !loaded.inSRGB, let profile = loaded.decoderProfile ?? facts.colorProfile else { return }
        guard ColorProfileConversion.convert(loaded.pointer, from: profile) else { return } // broken: shown untagged
        loaded.framePixels?.forEach { ColorProfileConversion.convert(OpaquePointer($0.pixbuf.pointer), from: profile) }
        loaded.inSRGB = true
    }

    /// Step 4: a copy with an alpha channel whose rows from `row` down are clear: they have
    /// not arrived, and the picture beneath (the thumbnail) shows there.
    static func clearing(_ pixbuf: ObjectReference, fromRow row: Int) throws(LoadError) -> ObjectReference {
        let source = OpaquePointer(pixbuf.pointer)
        guard let copy = gdk_pixbuf_add_alpha(source, 0, 0, 0, 0) else { throw .outOfMemory }
        let height = Int(gdk_pixbuf_get_height(copy)), stride = Int(gdk_pixbuf_get_rowstride(copy))
        if row < height, let pixels = gdk_pixbuf_get_pixels(copy) {
            memset(pixels + max(0, row) * stride, 0, (height - max(0, row)) * stride)
        }
        return ObjectReference(taking: UnsafeMutableRawPointer(copy))
    }
}
