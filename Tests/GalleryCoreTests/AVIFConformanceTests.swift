import CGtk
import Foundation
import XCTest
@testable import GalleryCore

/// Public AVIF samples (`Tests/Fixtures/avif-sample-images`: alpha at every bit depth and
/// subsampling, crop, mirror, rotation, odd sizes, a colour profile) shown as libheif's
/// `heif-convert` decodes them, through the sandboxed decoder as the app decodes them.
final class AVIFConformanceTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    /// Two decoders' YUV to RGB conversions and scaling of 10/12-bit samples differ by a level or
    /// two; a wrong crop, mirror, alpha or colour differs by far more.
    private static let meanTolerance = 2.0
    private static let pixelTolerance = 16
    /// A reference that went through a JPEG (its profile cannot be stored in a PNG) has its
    /// colour edges softened by the JPEG's chroma subsampling.
    private static let lossyPixelTolerance = 40

    func testEverySampleIsShownAsTheReferenceDecoderShowsIt() throws {
        let folder = Self.fixtures.appendingPathComponent("avif-sample-images")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".avif") || $0.hasSuffix(".avifs") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 40, "the sample set is in Tests/Fixtures")
        let scratch = try TemporaryDirectory()
        for name in names {
            let file = folder.appendingPathComponent(name)
            let decoded: DecodedImage
            do {
                decoded = try ImageDecoder.original(from: try Data(contentsOf: file))
            } catch {
                XCTFail("\(name): the app says \(error), libheif decodes it")
                continue
            }
            let shown = decoded.texture.premultipliedRGBA()
            let size = PixelSize(width: decoded.texture.pixelWidth, height: decoded.texture.pixelHeight)
            let references = try ["heif", "avif"].compactMap { try Self.reference(of: file, by: $0, in: scratch) }
            XCTAssertFalse(references.isEmpty, "\(name): neither heif-convert nor avifdec decodes it")
            let differences = references.filter { $0.size == size }.map {
                (difference: PixelDifference(shown, $0.bytes.premultiplied()), lossy: $0.lossy)
            }
            // Either reference: they differ from each other (see avif_reference.py).
            let closest = differences.min { $0.difference.mean < $1.difference.mean }
            XCTAssertEqual(PixelSize(width: decoded.sourceWidth, height: decoded.sourceHeight), references.first?.size, name)
            XCTAssertNotNil(closest, "\(name): shown \(size), the references \(references.map(\.size))")
            guard let closest else { continue }
            XCTAssertLessThanOrEqual(closest.difference.mean, Self.meanTolerance, "\(name): mean difference")
            XCTAssertLessThanOrEqual(closest.difference.largestOfMost, closest.lossy ? Self.lossyPixelTolerance : Self.pixelTolerance,
                                     "\(name): 99.9th percentile")
        }
    }

    /// The sample set's image sequences (8, 10 and 12 bit, with and without alpha) play as
    /// libavif's avifdec decodes them: as many frames, each as avifdec decodes that frame, for
    /// the duration avifdec reads.
    func testEveryImageSequencePlaysAsAvifdecDecodesItFrameByFrame() throws {
        let folder = Self.fixtures.appendingPathComponent("avif-sample-images")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".avifs") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 6, "the sequences are in Tests/Fixtures")
        let scratch = try TemporaryDirectory()
        for name in names {
            let file = folder.appendingPathComponent(name)
            let durations = try ExternalTool.output("/usr/bin/python3", [Self.fixtures.appendingPathComponent("avif_reference.py").path,
                                                                        "frames", file.path]).split(separator: "\n").compactMap { Int($0) }
            XCTAssertGreaterThanOrEqual(durations.count, 2, "\(name): avifdec reads a sequence")
            let shown = try ImageDecoder.original(from: try Data(contentsOf: file))
            guard let animation = shown.animation else {
                XCTFail("\(name): shown as a still, avifdec reads \(durations.count) frames")
                continue
            }
            XCTAssertEqual(animation.frames.map(\.milliseconds), durations, "\(name): the frames' durations")
            for (index, frame) in animation.frames.enumerated() where index < durations.count {
                guard let reference = try Self.reference(of: file, by: "avif", in: scratch, frame: index) else {
                    XCTFail("\(name) frame \(index): avifdec does not decode it")
                    continue
                }
                let size = PixelSize(width: frame.texture.pixelWidth, height: frame.texture.pixelHeight)
                XCTAssertEqual(size, reference.size, "\(name) frame \(index)")
                guard size == reference.size else { continue }
                let difference = PixelDifference(frame.texture.premultipliedRGBA(), reference.bytes.premultiplied())
                XCTAssertLessThanOrEqual(difference.mean, Self.meanTolerance, "\(name) frame \(index): mean difference")
                XCTAssertLessThanOrEqual(difference.largestOfMost, Self.pixelTolerance, "\(name) frame \(index): 99.9th percentile")
            }
        }
    }

    /// The picture as `tool` decodes it, in sRGB, as RGBA rows (`avif_reference.py`); nil when
    /// that decoder refuses it. `frame`: of an image sequence, that frame (avifdec only).
    private static func reference(
        of file: URL, by tool: String, in scratch: TemporaryDirectory, frame: Int = 0
    ) throws -> (size: PixelSize, bytes: [UInt8], lossy: Bool)? {
        let output = scratch.url.appendingPathComponent(file.lastPathComponent + ".\(tool).\(frame).rgba")
        let printed = try ExternalTool.output("/usr/bin/python3", [fixtures.appendingPathComponent("avif_reference.py").path,
                                                                   tool, file.path, output.path, String(frame)])
        let words = printed.split(whereSeparator: \.isWhitespace)
        guard words.count == 3, let width = Int(words[0]), let height = Int(words[1]) else { return nil }
        return (PixelSize(width: width, height: height), [UInt8](try Data(contentsOf: output)), words[2] == "lossy")
    }
}
