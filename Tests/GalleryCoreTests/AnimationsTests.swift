import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Every animation plays as a browser plays it (issue 43): an APNG (its chunks read by hand,
/// each frame by libpng, composed as the specification says), an animated WebP (libwebp's
/// animation decoder), an AVIF sequence (libavif) and an animated JPEG XL (libjxl), each made
/// at test time by its format's own encoder from three frames of known colours and durations,
/// and decoded by a real worker through the loader contract: every frame, in order, in its
/// colour, for as long as the file says; the thumbnail is the first frame.
final class AnimationsTests: XCTestCase {
    private static let colours = AnimationFixtures.colours
    private static let durations = AnimationFixtures.durations

    func testAnAnimatedWebPPlaysEveryFrameForItsDuration() throws {
        try assertPlays(try AnimationFixtures().data("animation.webp"), loopCount: 2, tolerance: 0, "WebP")
    }

    func testAnAVIFSequencePlaysEveryFrameForItsDuration() throws {
        try assertPlays(try AnimationFixtures().avif(), loopCount: 0, tolerance: 3, "AVIF")
    }

    func testAnAnimatedJPEGXLPlaysEveryFrameForItsDuration() throws {
        try assertPlays(try AnimationFixtures().jxl(), loopCount: 0, tolerance: 0, "JPEG XL")
    }

    func testAnAPNGPlaysEveryFrameForItsDuration() throws {
        let apng = try AnimationFixtures().data("animation.png")
        XCTAssertTrue(APNGStructure.isAnimated(apng))
        try assertPlays(apng, loopCount: 0, tolerance: 0, "APNG")
    }

    /// Frames drawn over the canvas or replacing it, then left, cleared or put back: each frame
    /// as shown equals PIL's composition of the same file. (PIL pastes with the frame's alpha as
    /// a mask, which is the specification's "over" only where alpha is 0 or 255: the frames
    /// here are so, and a half-transparent one is checked against the formula below.)
    func testAnAPNGsFramesAreComposedAsPILComposesThem() throws {
        let folder = try TemporaryDirectory()
        let script = """
        import sys
        from PIL import Image
        folder = sys.argv[1]
        base = Image.new("RGBA", (80, 60), (30, 30, 200, 255))
        half = Image.new("RGBA", (80, 60), (0, 0, 0, 0))
        half.paste((250, 200, 0, 255), (10, 10, 50, 40))
        red = Image.new("RGBA", (80, 60), (0, 0, 0, 0))
        red.paste((220, 20, 20, 255), (40, 20, 70, 50))
        green = Image.new("RGBA", (80, 60), (0, 0, 0, 0))
        green.paste((20, 200, 20, 255), (0, 0, 30, 30))
        frames = [base, half, red, green]
        frames[0].save(f"{folder}/composed.png", "PNG", save_all=True, append_images=frames[1:], duration=[50, 60, 70, 80],
                       disposal=[0, 2, 1, 0], blend=[0, 1, 0, 1], loop=3)
        """
        guard try TestImages.python(script, arguments: [folder.url.path]) else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        let composed = folder.url.appendingPathComponent("composed.png")
        let page = try ImageDecoder.original(from: try Data(contentsOf: composed), fitting: PixelSize(width: 1920, height: 1080))
        let animation = try XCTUnwrap(page.animation)
        XCTAssertEqual(animation.loopCount, 3)
        XCTAssertEqual(animation.frames.map(\.milliseconds), [50, 60, 70, 80])
        // Each frame as PIL composes it, every pixel (`ExternalReference`: never through the app).
        let references = try ExternalReference.frames(of: composed)
        XCTAssertEqual(references.map(\.milliseconds), [50, 60, 70, 80])
        for (index, (frame, reference)) in zip(animation.frames, references).enumerated() {
            let difference = try XCTUnwrap(reference.difference(from: frame.texture), "frame \(index): \(reference.size)")
            XCTAssertLessThanOrEqual(difference.largestOfMost, 2, "frame \(index) against PIL's composition")
        }
    }

    /// A half-transparent frame drawn over an opaque one, as the specification's "over"
    /// operator says: 50 % yellow on blue is their mean, opaque (what browsers show).
    func testAHalfTransparentAPNGFrameIsDrawnOverTheCanvas() throws {
        let folder = try TemporaryDirectory()
        let script = """
        import sys
        from PIL import Image
        base = Image.new("RGBA", (40, 30), (30, 30, 200, 255))
        veil = Image.new("RGBA", (40, 30), (250, 200, 0, 128))
        base.save(sys.argv[1] + "/veil.png", "PNG", save_all=True, append_images=[veil], duration=[100, 100], blend=[0, 1])
        """
        guard try TestImages.python(script, arguments: [folder.url.path]) else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        let page = try ImageDecoder.original(from: try Data(contentsOf: folder.url.appendingPathComponent("veil.png")))
        let second = try XCTUnwrap(page.animation?.frames.last)
        let pixel = TestImages.pixel(of: second.texture.texture, x: 20, y: 15)
        let alpha = 128.0 / 255
        let expected = [250, 200, 0].enumerated().map { Int((Double($1) * alpha + Double([30, 30, 200][$0]) * (1 - alpha)).rounded()) }
        XCTAssertEqual([Int(pixel.red), Int(pixel.green), Int(pixel.blue)].enumerated().map { abs($1 - expected[$0]) }.max() ?? 99, 0,
                       accuracy: 1, "\(pixel) against \(expected)")
    }

    /// An APNG whose chunks lie — a frame as wide as 2³¹ − 1, a frame count of 2³¹ − 1, frame
    /// data out of sequence — is no animation: its default image shows as a still, and nothing
    /// else happens.
    func testAnAPNGThatBreaksItsRulesShowsItsDefaultImage() throws {
        let apng = [UInt8](try AnimationFixtures().data("animation.png"))
        func offset(of type: String, _ nth: Int = 0) -> Int {
            var found = 0, at = 8
            while at + 8 <= apng.count {
                let length = apng[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
                if apng[at + 4..<at + 8].elementsEqual(type.utf8) {
                    if found == nth { return at + 8 }
                    found += 1
                }
                at += 12 + length
            }
            return -1
        }
        var wide = apng, many = apng, shuffled = apng
        wide.replaceSubrange(offset(of: "fcTL", 1) + 4..<offset(of: "fcTL", 1) + 8, with: [0x7F, 0xFF, 0xFF, 0xFF])
        many.replaceSubrange(offset(of: "acTL")..<offset(of: "acTL") + 4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        shuffled[offset(of: "fdAT") + 3] = 9 // a sequence number out of order
        for (name, bytes) in [("a frame 2³¹ − 1 wide", wide), ("2³¹ − 1 frames", many), ("data out of sequence", shuffled)] {
            XCTAssertNil(APNGStructure(Data(bytes), maxFrames: 1000), name)
            let page = try ImageDecoder.original(from: Data(bytes))
            XCTAssertNil(page.animation, name)
            XCTAssertEqual([page.texture.pixelWidth, page.texture.pixelHeight], [64, 48], "\(name): the default image")
        }
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
