import Foundation
import FuzzSupport
@testable import GalleryCore

/// Arbitrary bytes as a downloaded body: sniff the format, read its facts, run every hand-written
/// reader, and decode them as a thumbnail, a page (an animation's frames), a zoom's clip, an
/// edit (a turned, cropped copy) and what the viewer would draw of them as a download in
/// progress. Nothing may crash, and what comes out must respect the size it was asked for.
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
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let format = ContentSniffer.imageFormat(of: bytes)
    // More bytes are asked for only where a format's magic number has not decided already.
    if ContentSniffer.needsMoreBytes(bytes) { FuzzInvariant.check(format == nil || format == .svg, "asked for more of a \(String(describing: format))") }
    let size = ImageHeaderSize.declaredSize(of: bytes)
    FuzzInvariant.check(size == nil || format != nil, "declared size without a recognised format")
    if let size { FuzzInvariant.check(size.width >= 0 && size.height >= 0, "negative size \(size)") }

    // The facts as the libraries read them (libjpeg, libpng, libheif, libwebp, libtiff, gexiv2)
    // and the GIF profile read by hand: bounded, never trapping.
    let data = Data(bytes)
    let facts = PictureFacts.read(data)
    if let side = facts.size.map({ max($0.width, $0.height) }) { FuzzInvariant.check(side <= PixelSize.maxSide, "facts' side past the bound") }
    if let profile = facts.colorProfile { FuzzInvariant.check(PictureFacts.profileBytes.contains(profile.count), "profile out of bounds") }
    FuzzInvariant.check((1...8).contains(facts.orientation), "orientation \(facts.orientation)")
    if let profile = GIFColorProfile.of(data) { FuzzInvariant.check(PictureFacts.profileBytes.contains(profile.count), "GIF profile out of bounds") }
    // Every hand-written reader of picture bytes (those a library cannot do for us), each
    // bounded: sides within `PixelSize.maxSide`, offsets within the bytes.
    bytes.withUnsafeBytes { raw in
        if let end = JPEGScans.lastCompleteScanEnd(in: raw) { FuzzInvariant.check(end <= raw.count, "scan end past the bytes") }
        for candidate in ImageFormat.allCases { _ = TruncationCheck.isTruncated(raw, format: candidate) }
    }
    if let size { FuzzInvariant.check(size.width <= PixelSize.maxSide && size.height <= PixelSize.maxSide, "side past the bound") }
    if let layout = GIFStructure.layout(of: bytes) {
        FuzzInvariant.check(layout.frameCount >= 0, "negative frame count")
    }
    _ = GIFStructure.summary(of: data)
    _ = OriginalFacts(of: data).declaredSize?.pixels
    if let png = ICOEntries.largestPNG(in: data) { FuzzInvariant.check(png.count <= data.count, "ICO entry past the end") }
    // A turned copy's EXIF: found in each format that keeps it, its orientation read and set.
    for candidate in [ImageFormat.jpeg, .png, .webp] {
        guard let block = ExifBlock.find(in: data, format: candidate) else { continue }
        FuzzInvariant.check(block.range.lowerBound >= 0 && block.range.upperBound <= data.count, "EXIF block past the end")
        let exif = data.subdata(in: block.range)
        if let orientation = ExifOrientationTag.orientation(in: exif) { FuzzInvariant.check((1...8).contains(orientation), "orientation") }
        if let set = ExifOrientationTag.setting(3, in: exif) {
            FuzzInvariant.check(set.count == exif.count && ExifOrientationTag.orientation(in: set) == 3, "orientation not set in place")
        }
    }
    _ = ExifOrientationTag.setting(6, in: data)
    // An APNG's chunks: every frame inside the canvas, each frame's PNG made.
    _ = APNGStructure.isAnimated(data)
    _ = APNGStructure.leavesOutDefaultImage(data)
    if let apng = APNGStructure(data, maxFrames: 64) {
        FuzzInvariant.check(apng.frames.allSatisfy { $0.x + $0.width <= apng.width && $0.y + $0.height <= apng.height }, "APNG frame outside")
        for index in apng.frames.indices { _ = apng.framePNG(index, from: data) }
    }
    if let retagged = TurnedCopy.retagged(data, orientation: 8) {
        FuzzInvariant.check(retagged.count >= data.count, "a retagged JPEG lost bytes")
    }

    // The same bytes as a Content-Type value must not trip the header parser either.
    _ = ContentSniffer.isImage(contentType: String(decoding: bytes.prefix(256), as: UTF8.self))

    do {
        let thumbnail = try ImageDecoder.thumbnail(
            from: Data(bytes), side: thumbnailMaxSide, maxPixels: thumbnailMaxPixels
        )
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
