import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Every animation plays as a browser plays it (issue 43): an animated WebP (libwebp's
/// animation decoder), an AVIF sequence (libavif) and an animated JPEG XL (libjxl), each made
/// at test time by its format's own encoder from three frames of known colours and durations,
/// and decoded by a real worker through the loader contract: every frame, in order, in its
/// colour, for as long as the file says; the thumbnail is the first frame.
final class AnimationsTests: XCTestCase {
    private static let colours: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 200, 60), (50, 70, 210)]
    private static let durations = [100, 200, 300]

    /// Three 64×48 frames of the colours above, as PNG files (and, for JPEG XL, as an APNG).
    private func frames(in folder: TemporaryDirectory) throws -> [String] {
        let script = """
        import sys
        from PIL import Image
        folder = sys.argv[1]
        colours = [(220, 40, 40), (40, 200, 60), (50, 70, 210)]
        frames = [Image.new("RGB", (64, 48), colour) for colour in colours]
        for index, frame in enumerate(frames):
            frame.save(f"{folder}/frame{index}.png")
        frames[0].save(f"{folder}/animation.webp", "WEBP", save_all=True, append_images=frames[1:],
                       duration=[100, 200, 300], loop=2, lossless=True)
        frames[0].save(f"{folder}/animation.png", "PNG", save_all=True, append_images=frames[1:],
                       duration=[100, 200, 300], loop=0)
        """
        guard try TestImages.python(script, arguments: [folder.url.path]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
        return (0..<3).map { folder.url.appendingPathComponent("frame\($0).png").path }
    }

    func testAnAnimatedWebPPlaysEveryFrameForItsDuration() throws {
        let folder = try TemporaryDirectory()
        _ = try frames(in: folder)
        let webp = try Data(contentsOf: folder.url.appendingPathComponent("animation.webp"))
        try assertPlays(webp, loopCount: 2, tolerance: 0, "WebP")
    }

    func testAnAVIFSequencePlaysEveryFrameForItsDuration() throws {
        let folder = try TemporaryDirectory()
        let pngs = try frames(in: folder)
        let avif = folder.url.appendingPathComponent("animation.avif").path
        let arguments = ["-l", "--timescale", "10", "--duration", "1", pngs[0], "--duration", "2", pngs[1], "--duration", "3", pngs[2], avif]
        guard ExternalTool.succeeds("/usr/bin/avifenc", arguments) else { throw TestRequirement.missing("needs avifenc (libavif-bin)") }
        try assertPlays(try Data(contentsOf: URL(fileURLWithPath: avif)), loopCount: 0, tolerance: 3, "AVIF")
    }

    func testAnAnimatedJPEGXLPlaysEveryFrameForItsDuration() throws {
        let folder = try TemporaryDirectory()
        _ = try frames(in: folder)
        let jxl = folder.url.appendingPathComponent("animation.jxl").path
        guard ExternalTool.succeeds("/usr/bin/cjxl", ["-d", "0", folder.url.appendingPathComponent("animation.png").path, jxl]) else {
            throw TestRequirement.missing("needs cjxl (libjxl-tools)")
        }
        try assertPlays(try Data(contentsOf: URL(fileURLWithPath: jxl)), loopCount: 0, tolerance: 0, "JPEG XL")
    }

    private func assertPlays(_ data: Data, loopCount: Int, tolerance: Int, _ name: String, line: UInt = #line) throws {
        let page = try ImageDecoder.original(from: data, fitting: PixelSize(width: 1920, height: 1080))
        let animation = try XCTUnwrap(page.animation, "\(name) plays", line: line)
        XCTAssertEqual(animation.frames.map(\.milliseconds), Self.durations, "\(name): each frame for as long as the file says", line: line)
        XCTAssertEqual(animation.loopCount, loopCount, "\(name): loops", line: line)
        for (frame, colour) in zip(animation.frames, Self.colours) {
            XCTAssertEqual([frame.texture.pixelWidth, frame.texture.pixelHeight], [64, 48], name, line: line)
            let pixel = TestImages.pixel(of: frame.texture.texture, x: 32, y: 24)
            let difference = max(abs(Int(pixel.red) - Int(colour.0)), abs(Int(pixel.green) - Int(colour.1)), abs(Int(pixel.blue) - Int(colour.2)))
            XCTAssertLessThanOrEqual(difference, tolerance, "\(name): frame in its colour, \(pixel)", line: line)
        }
        let thumbnail = try ImageDecoder.thumbnail(from: data, side: 32)
        let first = TestImages.pixel(of: thumbnail.image.texture.texture, x: 10, y: 10)
        XCTAssertLessThanOrEqual(abs(Int(first.red) - 220) + abs(Int(first.green) - 40), 2 * tolerance + 4, "\(name): the thumbnail is the first frame", line: line)
    }
}
