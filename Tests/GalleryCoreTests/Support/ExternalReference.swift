import Foundation
@testable import GalleryCore
import TestRequirements

/// A reference picture read outside the app: Pillow decodes the file another decoder wrote
/// (djxl, dcraw_emu, Pillow itself), lcms turns it to sRGB from its embedded profile, as the
/// app does (`Tests/Fixtures/pillow_reference.py`). Never read back through the app's own
/// decoders, whose errors would cancel the app's.
struct ExternalReference {
    let size: PixelSize
    /// Straight (not premultiplied) RGBA rows.
    let rgba: [UInt8]
    /// Frames in the file (1 for a still).
    let frameCount: Int
    /// How long this frame shows, as the file says.
    let milliseconds: Int

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/pillow_reference.py")

    /// Frame `frame` of `file` (of an animation, as Pillow composes it); given `scaledTo`,
    /// averaged down until it covers that size and cut to its middle (a tile's thumbnail).
    static func read(_ file: URL, frame: Int = 0, scaledTo size: PixelSize? = nil) throws -> ExternalReference {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("reference.rgba")
        let scale = size.map { ["\($0.width)x\($0.height)"] } ?? []
        let printed = try ExternalTool.output("/usr/bin/python3", [script.path, file.path, output.path, String(frame)] + scale)
        let words = printed.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard words.count == 4 else { throw TestRequirement.missing("Pillow could not read \(file.lastPathComponent): \(printed)") }
        return ExternalReference(size: PixelSize(width: words[0], height: words[1]), rgba: [UInt8](try Data(contentsOf: output)),
                                 frameCount: words[2], milliseconds: words[3])
    }

    /// Frame `frame` of a file held as `data` (its name's extension tells Pillow nothing: it
    /// reads the bytes).
    static func read(_ data: Data, frame: Int = 0) throws -> ExternalReference {
        let scratch = try TemporaryDirectory()
        let file = scratch.url.appendingPathComponent("reference")
        try data.write(to: file)
        return try read(file, frame: frame)
    }

    /// Every frame of `file`.
    static func frames(of file: URL) throws -> [ExternalReference] {
        let first = try read(file)
        return try [first] + (1..<max(1, first.frameCount)).map { try read(file, frame: $0) }
    }

    /// The straight RGB of the pixel at `x`, `y`.
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let at = (y * size.width + x) * 4
        return (rgba[at], rgba[at + 1], rgba[at + 2])
    }

    /// How far `texture` is from this picture; nil when their sizes differ.
    func difference(from texture: TextureHandle) -> PixelDifference? {
        guard texture.pixelWidth == size.width, texture.pixelHeight == size.height else { return nil }
        return PixelDifference(texture.premultipliedRGBA(), rgba.premultiplied())
    }
}
