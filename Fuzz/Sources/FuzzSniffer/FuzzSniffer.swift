import Foundation
import FuzzSupport
@testable import GalleryCore

/// Arbitrary bytes as a downloaded body: sniff the format and decode them as a thumbnail, a page
/// (an animation's frames), a zoom's clip, an edit (a turned, cropped copy) and what the viewer
/// would draw of them as a download in progress. Nothing may crash, and what comes out must
/// respect the size it was asked for. The readers that run before any decode (the facts, the
/// hand-written ones) are `fuzz-readers`', many times faster without the decodes.
///
/// `maxPixels` is small so a fuzzed header declaring a huge image is refused (or, if the size
/// gates miss a format, shows up as an out-of-memory report under `-rss_limit_mb`).
private let thumbnailMaxSide = 64
private let thumbnailMaxPixels = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSniffer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // The loaders and their size gates run here, under the sanitizers, as the app's decode
    // workers run them: there is no worker executable beside the fuzzer.
    DecoderIsolation.current = .inProcess
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let thumbnail = try ImageDecoder.thumbnail(from: data, side: thumbnailMaxSide, maxPixels: thumbnailMaxPixels)
        let texture = thumbnail.image.texture
        FuzzInvariant.check(
            max(texture.pixelWidth, texture.pixelHeight) <= thumbnailMaxSide,
            "thumbnail \(texture.pixelWidth)×\(texture.pixelHeight) over \(thumbnailMaxSide)"
        )
        let file = try ThumbnailPNG.encode(thumbnail)
        FuzzInvariant.check(file.starts(with: [0x89, 0x50, 0x4E, 0x47]), "thumbnail is not a PNG")
    } catch {
        // Refusing bad input is the expected outcome for most fuzzed bytes.
    }
    // The same bytes as a page that may animate (GIF, WebP, AVIF, JPEG XL frames): within the
    // box, each frame the still's size.
    if let page = try? ImageDecoder.original(from: data, fitting: PixelSize(width: 256, height: 256), maxPixels: thumbnailMaxPixels),
       let animation = page.animation {
        FuzzInvariant.check(animation.frames.count >= 2 && animation.frames.count <= 1000, "frame count \(animation.frames.count)")
        FuzzInvariant.check(animation.frames.allSatisfy { $0.texture.pixelWidth == page.texture.pixelWidth }, "a frame of another size")
    }
    // The same bytes as a zoom's clip (a JPEG's region decoder; any other format's whole
    // picture): the pixels held lie within the picture they are of.
    let clip = DetailRegion(x: 8, y: 4, width: 40, height: 24, devicePixelsPerSourcePixel: 0.5)
    if let detail = try? ImageDecoder.fullDetail(from: data, covering: clip, maxPixels: thumbnailMaxPixels) {
        FuzzInvariant.check(detail.pixelSize.width <= max(1, detail.size.width) && detail.pixelSize.height <= max(1, detail.size.height),
                            "detail \(detail.pixelSize) larger than its picture \(detail.size)")
    }
    // As an edit: turned and cropped to a copy (a JPEG retagged, or decoded and written again).
    if let crop = CropArea(x: 2, y: 2, width: 16, height: 16),
       let copy = try? ImageDecoder.turnedCopy(of: data, turn: PictureTurn.none.rotatedRight, crop: crop, maxPixels: thumbnailMaxPixels) {
        FuzzInvariant.check(!copy.data.isEmpty, "an empty copy")
    }
    // The same bytes as a download still arriving (the viewer draws what came): what is drawn
    // stays in the box it was asked for.
    let box = PixelSize(width: thumbnailMaxSide, height: thumbnailMaxSide)
    if let partial = try? PartialDecoding.decode(data, fitting: box, maxPixels: thumbnailMaxPixels) {
        let texture = partial.texture
        FuzzInvariant.check(max(texture.pixelWidth, texture.pixelHeight) <= thumbnailMaxSide,
                            "partial picture \(texture.pixelWidth)×\(texture.pixelHeight) over \(thumbnailMaxSide)")
    }
    return 0
}

/// The process entry under SwiftPM's renamed `main` (see `FuzzDriver`).
@_cdecl("fuzz_sniffer_main")
public func fuzzSnifferMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv, test: fuzzSniffer)
}
