import CGtk
import Foundation
import TestRequirements
import XCTest
@testable import GalleryCore

/// The APNG test suite (`Tests/Fixtures/apng-test-suite`: Philip Taylor's browser tests as
/// Pillow keeps them, and Pillow's own) shown as Pillow, the reference, composes it: every
/// frame a browser shows, pixel for pixel within a level or two, and its duration; a file the
/// reference refuses gets a reason from the app, never a crash.
final class APNGConformanceTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    /// 8-bit frames composed by the same rules differ by rounding alone (16-bit samples and
    /// "over" with partial alpha round once more).
    private static let pixelTolerance = 2
    /// Where the app and Pillow part ways, and why the app shows what browsers show. (In
    /// Philip Taylor's tests green is a pass.)
    private static let knownDifferences = [
        "syntax_num_frames_low.png": "acTL announces fewer frames than the file holds, an error: the app shows the default image "
            + "(green), as for every APNG that breaks its rules; Pillow plays the frame (red)",
        "mode_palette_1bit_alpha.png": "Pillow composes a palette picture on a palette canvas, where a half-transparent frame "
            + "can only be pasted with its alpha as a mask; the app composes in RGBA by the specification's \"over\" "
            + "(this file's RGBA and grey-with-alpha twins match Pillow composing so)",
    ]

    func testEveryFileIsShownAsPillowComposesItFrameByFrame() throws {
        let folder = Self.fixtures.appendingPathComponent("apng-test-suite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 50, "the suite is in Tests/Fixtures")
        var shownRight = 0, refusedWithAReason = 0, decodedByPillow = 0
        for name in names {
            let file = folder.appendingPathComponent(name)
            let scratch = try TemporaryDirectory()
            let reference = try Self.reference(of: file, in: scratch)
            let shown: DecodedImage
            do {
                shown = try ImageDecoder.original(from: try Data(contentsOf: file))
            } catch let error as LoadError {
                // Pillow reads what the app refuses: that is a failure, unless Pillow refuses it too.
                if reference == nil { refusedWithAReason += 1 } else { XCTFail("\(name): the app says \(error), Pillow reads it") }
                continue
            }
            guard let reference else {
                // Pillow refuses it; the app shows what it can (a browser shows the default image).
                refusedWithAReason += 1
                continue
            }
            decodedByPillow += 1
            if let reason = Self.knownDifferences[name] {
                XCTAssertFalse(Self.same(shown, reference), "\(name) now matches Pillow: take it off the known differences (\(reason))")
                continue
            }
            if compare(shown, with: reference, name: name) { shownRight += 1 }
        }
        XCTAssertEqual(shownRight + Self.knownDifferences.count, decodedByPillow, "every other file Pillow decodes is shown as it shows it")
        XCTAssertGreaterThanOrEqual(Double(shownRight), 0.95 * Double(decodedByPillow), "the issue's 95 %")
        XCTAssertEqual(decodedByPillow + refusedWithAReason, names.count, "each file is decoded or refused, none crashes")
    }

    /// True when the last frames agree (without failing when they do not).
    private static func same(_ shown: DecodedImage, _ reference: [(milliseconds: Int, size: PixelSize, rgba: [UInt8])]) -> Bool {
        let frame = shown.animation?.frames.last?.texture ?? shown.texture
        guard let last = reference.last, PixelSize(width: frame.pixelWidth, height: frame.pixelHeight) == last.size else { return false }
        return PixelDifference(frame.premultipliedRGBA(), last.rgba.premultiplied()).largestOfMost <= pixelTolerance
    }

    /// True when every frame and duration matches; each difference is its own failure.
    private func compare(_ shown: DecodedImage, with reference: [(milliseconds: Int, size: PixelSize, rgba: [UInt8])], name: String) -> Bool {
        // A still has no duration to compare.
        let frames: [(texture: TextureHandle, milliseconds: Int?)] = shown.animation?.frames.map { ($0.texture, $0.milliseconds) }
            ?? [(shown.texture, nil)]
        guard frames.count == reference.count else {
            XCTFail("\(name): \(frames.count) frames shown, Pillow composes \(reference.count)")
            return false
        }
        var right = true
        for (index, (frame, expected)) in zip(frames, reference).enumerated() {
            let size = PixelSize(width: frame.texture.pixelWidth, height: frame.texture.pixelHeight)
            guard size == expected.size else {
                XCTFail("\(name) frame \(index): \(size), Pillow's \(expected.size)")
                right = false
                continue
            }
            let difference = PixelDifference(frame.texture.premultipliedRGBA(), expected.rgba.premultiplied())
            if difference.largestOfMost > Self.pixelTolerance {
                XCTFail("\(name) frame \(index): differs from Pillow's by up to \(difference.largestOfMost) (mean \(difference.mean))")
                right = false
            }
            // A frame of no duration shows for 100 ms, as browsers show it (`AnimationCollector`).
            let duration = expected.milliseconds == 0 ? 100 : expected.milliseconds
            if let milliseconds = frame.milliseconds, abs(milliseconds - duration) > 1 {
                XCTFail("\(name) frame \(index): \(milliseconds) ms, Pillow's \(expected.milliseconds) ms (\(duration) ms shown)")
                right = false
            }
        }
        return right
    }

    /// The frames as Pillow composes them (`apng_reference.py`); nil when it refuses the file.
    private static func reference(of file: URL, in scratch: TemporaryDirectory) throws -> [(milliseconds: Int, size: PixelSize, rgba: [UInt8])]? {
        let script = fixtures.appendingPathComponent("apng_reference.py").path
        guard FileManager.default.fileExists(atPath: "/usr/bin/python3") else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        let printed = try ExternalTool.output("/usr/bin/python3", [script, file.path, scratch.url.path])
        let lines = printed.split(separator: "\n")
        guard !lines.isEmpty else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL (it printed nothing)") }
        if lines[0].hasPrefix("refused") { return nil }
        return try lines.enumerated().map { index, line in
            let words = line.split(separator: " ").compactMap { Int($0) }
            guard words.count == 3 else { throw TestRequirement.missing("apng_reference.py printed \(line)") }
            let rgba = [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent("\(index).rgba")))
            return (words[0], PixelSize(width: words[1], height: words[2]), rgba)
        }
    }
}
