import Foundation
import GObjectSupport

/// The one way a picture from outside becomes pixels. A request says what for — the picture at
/// a fit (a thumbnail, a page, full size), the detail of a zoom, or what has arrived of a
/// download — and goes, in the app, to a sandboxed worker (`SandboxedDecoding`), which runs the
/// steps below on the bytes: the app's own process reads no byte of a picture but its magic
/// number. Inside the worker (and in the benchmark's in-process runs) the same steps run here,
/// once for every format:
///
/// 1. the facts, read by the format's own library (`PictureFacts`);
/// 2. the pixel limit and the budget from them (`LoaderSizeGate`), and a cut-off file refused;
/// 3. the decoders the registry has for the format, in turn (`DecoderRegistry`);
/// 4. colour to sRGB from the facts' profile (`ColorProfileConversion`);
/// 5. upright from the facts' orientation (`PictureOrientation`).
enum PicturePipeline {
    /// True where pictures are decoded in this process: in a worker, or with isolation off.
    static var decodesHere: Bool { DecodeWorker.isWorker || DecoderIsolation.current == .inProcess }

    /// The picture at `gate`'s fit (a `.within` box is upright), upright; with `keepAnimation`,
    /// a GIF's frames too.
    static func picture(_ data: Data, gate: LoaderSizeGate, keepAnimation: Bool = false) throws(LoadError) -> PixbufLoading.Loaded {
        guard decodesHere else {
            return try SandboxedDecoding.load(data, purpose: .picture, gate: gate, keepAnimation: keepAnimation).picture
        }
        return try stored(data, gate: gate, keepAnimation: keepAnimation).upright()
    }

    /// The picture as stored (not turned yet) and its facts, scaled to fit `gate` once turned
    /// upright: a `.within` box is turned for a picture stored sideways. `known` are the facts
    /// of the same header read already (what has arrived of a download, read to count its rows).
    static func stored(
        _ data: Data, gate: LoaderSizeGate, keepAnimation: Bool = false, known: PictureFacts? = nil
    ) throws(LoadError) -> Stored {
        guard !data.isEmpty else { throw .damaged }
        var data = data
        // A favicon whose largest picture is a PNG is that PNG (gdk-pixbuf's ICO loader refuses it).
        if ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength)) == .ico,
           let png = ICOEntries.largestPNG(in: data) {
            data = png
        }
        let facts = known ?? PictureFacts.read(data)
        guard let format = facts.format else { throw .notAnImage }
        if facts.beyondLimits { throw .tooLarge }
        var gate = gate
        if keepAnimation, format == .gif, let layout = GIFStructure.layout(of: data),
           AnimationFrames.copiedPixels(layout: layout, maxBytes: ImageDecoder.defaultMaxAnimationBytes) > 0 {
            // A GIF that plays is decoded at full size, each frame one texture; a still one, or
            // one too long to keep, is fitted like any picture.
            gate = LoaderSizeGate(maxPixels: gate.maxPixels, fit: .inside(maxSide: gate.fit.maxSide),
                                  countsPixels: gate.countsPixels, cancellation: gate.cancellation)
        } else if facts.turnsSides, case .within(let width, let height, let maxSide) = gate.fit {
            gate = LoaderSizeGate(maxPixels: gate.maxPixels, fit: .within(width: height, height: width, maxSide: maxSide),
                                  countsPixels: gate.countsPixels, cancellation: gate.cancellation)
        }
        if let pixels = facts.decodedPixels {
            guard pixels <= gate.maxPixels else { throw .tooLarge }
            gate.headerPixels = pixels
        }
        if data.withUnsafeBytes({ TruncationCheck.isTruncated($0, format: format) }) { throw .damaged }
        let input = DecoderInput(data: data, facts: facts, keepAnimation: keepAnimation)
        for decoder in DecoderRegistry.decoders(for: format) {
            guard var loaded = try decoder.decode(input, gate: gate) else { continue }
            if !loaded.inSRGB, let profile = facts.colorProfile, ColorProfileConversion.convert(loaded.pointer, from: profile) {
                loaded.colorProfile = profile
            }
            return Stored(loaded: loaded, facts: facts)
        }
        throw .unsupportedFormat(format) // the registry ends with a decoder that takes or throws
    }

    /// A picture as decoded and the facts it was decoded by.
    struct Stored {
        var loaded: PixbufLoading.Loaded
        let facts: PictureFacts

        func upright() throws(LoadError) -> PixbufLoading.Loaded {
            try PictureOrientation.upright(loaded, orientation: loaded.orientationLeft ?? facts.orientation)
        }
    }

    /// Finer than a page: the pixels of `region` of a baseline JPEG, or every pixel, upright.
    static func detail(_ data: Data, region: DetailRegion?, gate: LoaderSizeGate) throws(LoadError) -> FullDetailImage.Pixels {
        guard decodesHere else {
            let reply = try SandboxedDecoding.load(data, purpose: .detail, region: region, gate: gate)
            let header = reply.header
            return FullDetailImage.Pixels(pixbuf: try reply.picture.pixbuf,
                                          imageSize: PixelSize(width: header.declaredWidth, height: header.declaredHeight),
                                          origin: (header.originX, header.originY), scale: Double(header.scaleEighths) / 8)
        }
        let facts = PictureFacts.read(data)
        if let region, let pixels = try JPEGRegionDecoding.decode(data, facts: facts, region: region, gate: gate) {
            return pixels
        }
        let whole = try stored(data, gate: gate, known: facts).upright()
        return FullDetailImage.Pixels(pixbuf: whole.pixbuf, imageSize: nil, origin: (0, 0), scale: 1)
    }

    /// What has arrived of a download, drawn as the whole will be at `screen`; nil while
    /// nothing can be drawn yet.
    static func arriving(_ received: Data, screen: PixelSize, maxPixels: Int) throws(LoadError) -> PixbufLoading.Loaded? {
        guard decodesHere else {
            let gate = LoaderSizeGate(maxPixels: maxPixels, fit: ImageDecoder.screenFit(screen))
            return try SandboxedDecoding.load(received, purpose: .arriving, gate: gate).loaded
        }
        return try PartialDecoding.decodeHere(received, fitting: screen, maxPixels: maxPixels)
    }
}
