import CGtk
import Foundation
import TestRequirements
import XCTest
@testable import GalleryCore

/// libjxl's conformance bitstreams (`Tests/Fixtures/jxl-conformance`) shown as libjxl's own
/// decoder, `djxl`, decodes them (or as the set's reference picture, where djxl 0.7 writes a
/// wrong one): every frame and its duration. djxl writes a PNG (an APNG for an animation) with
/// the picture's ICC profile; Pillow reads it and lcms turns it to sRGB (`ExternalReference`),
/// outside the app, so a profile the app drops or misreads shows as a difference instead of
/// cancelling out. A bitstream djxl refuses gets a reason from the app, never a crash.
final class JXLConformanceTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    /// The same libjxl decodes both sides; what differs is one 8-bit rounding of the colour
    /// conversion (djxl's PNG is converted once more, by lcms through Pillow).
    private static let meanTolerance = 1.0
    private static let pixelTolerance = 4

    func testEveryBitstreamIsShownAsDjxlDecodesIt() throws {
        let folder = Self.fixtures.appendingPathComponent("jxl-conformance")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jxl") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20, "the bitstreams are in Tests/Fixtures")
        var shownRight = 0, refusedByBoth = 0
        for name in names {
            let file = folder.appendingPathComponent(name)
            let scratch = try TemporaryDirectory()
            let reference = try Self.reference(of: file, in: scratch)
            let shown: DecodedImage
            do {
                shown = try ImageDecoder.original(from: try Data(contentsOf: file))
            } catch let error as LoadError {
                if reference == nil { refusedByBoth += 1 } else { XCTFail("\(name): the app says \(error), djxl decodes it") }
                continue
            }
            guard let reference else {
                XCTFail("\(name): djxl refuses it, the app shows something")
                continue
            }
            if compare(shown, with: reference, name: name) { shownRight += 1 }
        }
        XCTAssertEqual(shownRight + refusedByBoth, names.count, "\(shownRight) shown as djxl decodes them, \(refusedByBoth) refused by both")
    }

    private func compare(_ shown: DecodedImage, with expected: [ExternalReference], name: String) -> Bool {
        let frames = shown.animation?.frames ?? [DecodedAnimation.Frame(texture: shown.texture, milliseconds: 0)]
        guard frames.count == expected.count else {
            XCTFail("\(name): \(frames.count) frames shown, djxl decodes \(expected.count)")
            return false
        }
        var right = true
        for (index, (frame, wanted)) in zip(frames, expected).enumerated() {
            guard let difference = wanted.difference(from: frame.texture) else {
                XCTFail("\(name) frame \(index): \([frame.texture.pixelWidth, frame.texture.pixelHeight]), djxl's \(wanted.size)")
                right = false
                continue
            }
            if difference.mean > Self.meanTolerance || difference.largestOfMost > Self.pixelTolerance {
                XCTFail("\(name) frame \(index): differs from djxl's by \(difference.mean) on average, up to \(difference.largestOfMost)")
                right = false
            }
            // A still's duration is 0 on both sides.
            if abs(frame.milliseconds - wanted.milliseconds) > 1 {
                XCTFail("\(name) frame \(index): \(frame.milliseconds) ms, djxl's \(wanted.milliseconds) ms")
                right = false
            }
        }
        return right
    }

    /// djxl's picture, every frame, as Pillow and lcms read it; nil when djxl refuses the
    /// bitstream. Where the set's own reference picture is kept beside the bitstream
    /// (`NAME.ref.png`), that: djxl 0.7 writes a PNG of these pictures with alpha wrongly (see
    /// the fixtures' README).
    private static func reference(of file: URL, in scratch: TemporaryDirectory) throws -> [ExternalReference]? {
        let kept = file.deletingPathExtension().appendingPathExtension("ref.png")
        if FileManager.default.fileExists(atPath: kept.path) { return try ExternalReference.frames(of: kept) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/djxl") else { throw TestRequirement.missing("needs djxl (libjxl-tools)") }
        let output = scratch.url.appendingPathComponent("reference.png")
        guard ExternalTool.succeeds("/usr/bin/djxl", [file.path, output.path]) else { return nil }
        return try ExternalReference.frames(of: output)
    }
}
