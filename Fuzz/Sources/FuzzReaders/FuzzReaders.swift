import Foundation
import FuzzSupport
@testable import GalleryCore

/// Arbitrary bytes as a downloaded body, through every reader that runs before a decode: the
/// sniffer (the magic number, all the app itself reads), the facts as the formats' libraries
/// read them (`PictureFacts`: libjpeg, libpng, libheif, libwebp's demuxer, libtiff, libjxl,
/// LibRaw, gexiv2; an animation's frames counted), and each hand-written reader — JPEG scans,
/// truncation, GIF layout and profile, ICO entries, EXIF blocks and their orientation, APNG
/// chunks, the JPEG retag. No decode, so thousands of inputs a second reach them (`fuzz-sniffer`
/// decodes). Nothing may crash or trap, and every size, offset and count stays within its bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReaders(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let data = Data(bytes)
    let format = ContentSniffer.imageFormat(of: bytes)
    // More bytes are asked for only where a format's magic number has not decided already.
    if ContentSniffer.needsMoreBytes(bytes) { FuzzInvariant.check(format == nil || format == .svg, "asked for more of a \(String(describing: format))") }
    let size = ImageHeaderSize.declaredSize(of: bytes)
    FuzzInvariant.check(size == nil || format != nil, "declared size without a recognised format")
    if let size { FuzzInvariant.check(size.width >= 0 && size.height >= 0, "negative size \(size)") }

    // The facts as the libraries read them (libjpeg, libpng, libheif, libwebp, libtiff, gexiv2)
    // and the GIF profile read by hand: bounded, never trapping.
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

    // An animation's frames as opening counts them: a count the app plays, on a canvas within bounds.
    if let animation = facts.animation {
        FuzzInvariant.check((2...AnimationFrames.maxFrameCount).contains(animation.frameCount), "frame count \(animation.frameCount)")
        FuzzInvariant.check(animation.canvas.width <= PixelSize.maxSide && animation.canvas.height <= PixelSize.maxSide, "canvas past the bound")
        FuzzInvariant.check(facts.animated, "frames counted for a still")
    }
    return 0
}

/// The process entry under SwiftPM's renamed `main` (see `FuzzDriver`).
@_cdecl("fuzz_readers_main")
public func fuzzReadersMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv, test: fuzzReaders)
}
