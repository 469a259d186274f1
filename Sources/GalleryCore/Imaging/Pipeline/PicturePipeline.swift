import Foundation
import GObjectSupport

/// The one way a picture from outside becomes pixels. A request says what for — the picture at
/// a fit (a thumbnail, a page, full size), the detail of a zoom, or what has arrived of a
/// download — and goes, in the app, to a sandboxed worker (`SandboxedDecoding`), which runs the
/// steps below on the bytes: the app's own process reads no byte of a picture but its magic
/// number. Inside the worker (and in the benchmark's in-process runs) the same steps run here,
/// once for every format: the decoder the registry has for the sniffed format
/// (`PixbufLoading`, `PixbufLoaderRegistry`), the pixel limit and budget (`LoaderSizeGate`),
/// colour to sRGB (`ColorProfileConversion`), the orientation (`ImageDecoder.orient`). Every
/// result is upright.
enum PicturePipeline {
    /// True where pictures are decoded in this process: in a worker, or with isolation off.
    static var decodesHere: Bool { DecodeWorker.isWorker || DecoderIsolation.current == .inProcess }

    /// The picture at `gate`'s fit (a `.within` box is upright), upright; with `keepAnimation`,
    /// a GIF's frames too.
    static func picture(_ data: Data, gate: LoaderSizeGate, keepAnimation: Bool = false) throws(ImageLoadError) -> PixbufLoading.Loaded {
        guard decodesHere else {
            return try SandboxedDecoding.load(data, purpose: .picture, gate: gate, keepAnimation: keepAnimation).picture
        }
        return ImageDecoder.orient(try stored(data, gate: gate, keepAnimation: keepAnimation))
    }

    /// The picture as stored (not turned yet), scaled to fit `gate` once turned upright: a
    /// `.within` box is turned for a picture stored sideways.
    static func stored(_ data: Data, gate: LoaderSizeGate, keepAnimation: Bool = false) throws(ImageLoadError) -> PixbufLoading.Loaded {
        var gate = gate
        if case .within(let width, let height, let maxSide) = gate.fit,
           data.withUnsafeBytes({ ExifOrientation.of($0) }).map({ (5...8).contains($0) }) == true {
            gate = LoaderSizeGate(maxPixels: gate.maxPixels, fit: .within(width: height, height: width, maxSide: maxSide),
                                  budget: gate.budget, cancellation: gate.cancellation)
        }
        return try PixbufLoading.load(data, gate: gate, keepAnimation: keepAnimation)
    }

    /// Finer than a page: the pixels of `region` of a baseline JPEG, or every pixel, upright.
    static func detail(_ data: Data, region: DetailRegion?, gate: LoaderSizeGate) throws(ImageLoadError) -> FullDetailImage.Pixels {
        guard decodesHere else {
            let reply = try SandboxedDecoding.load(data, purpose: .detail, region: region, gate: gate)
            let header = reply.header
            return FullDetailImage.Pixels(pixbuf: try reply.picture.pixbuf,
                                          imageSize: PixelSize(width: header.declaredWidth, height: header.declaredHeight),
                                          origin: (header.originX, header.originY), scale: Double(header.scaleEighths) / 8)
        }
        if let region, let pixels = try JPEGRegionDecoding.decode(data, region: region, gate: gate) { return pixels }
        let whole = try picture(data, gate: gate)
        return FullDetailImage.Pixels(pixbuf: whole.pixbuf, imageSize: nil, origin: (0, 0), scale: 1)
    }

    /// What has arrived of a download, drawn as the whole will be at `screen`; nil while
    /// nothing can be drawn yet.
    static func arriving(_ received: Data, screen: PixelSize, maxPixels: Int) throws(ImageLoadError) -> PixbufLoading.Loaded? {
        guard decodesHere else {
            let gate = LoaderSizeGate(maxPixels: maxPixels, fit: ImageDecoder.screenFit(screen))
            return try SandboxedDecoding.load(received, purpose: .arriving, gate: gate).loaded
        }
        return try PartialDecoding.decodeHere(received, fitting: screen, maxPixels: maxPixels)
    }
}
