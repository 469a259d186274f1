import Foundation
@testable import GalleryCore
import XCTest

/// Inputs the fuzzer found that once made gdk-pixbuf allocate gigabytes (a malformed BMP, bytes
/// it guessed to be TGA). They live in the fuzz corpus as seeds; here they must be refused
/// quickly with little memory, whatever the entry point.
final class FuzzFindingsTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus/sniffer")

    func testOutOfMemoryFindingsAreRefusedCheaply() throws {
        let findings = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.contains("-oom") }
        XCTAssertEqual(findings.count, 5)
        for finding in findings {
            let data = try Data(contentsOf: finding)
            var errors: [LoadError] = []
            let peak = try DecodingHere.run { try PeakMemory.measure {
                for decode in [{ _ = try ImageDecoder.thumbnail(from: data) }, { _ = try ImageDecoder.original(from: data) }] {
                    do { try decode() } catch let error as LoadError { errors.append(error) }
                }
            } }
            XCTAssertEqual(errors.count, 2, finding.lastPathComponent)
            XCTAssertTrue(errors.allSatisfy { $0 == .notAnImage || $0 == .damaged }, "\(finding.lastPathComponent): \(errors)")
            XCTAssertLessThan(peak, 64 * 1024 * 1024, finding.lastPathComponent)
        }
    }

    /// A JPEG whose APP1 segment says it is 2 bytes long (its length field alone) and is followed
    /// by "Exif\0\0": the EXIF reader once took the signature from past the segment's end and
    /// made a range that ends before it starts (found by fuzz-sniffer). It is no EXIF block now.
    func testAnAPP1SegmentShorterThanItsSignatureIsNoEXIF() throws {
        let finding = try Data(contentsOf: Self.corpus.appendingPathComponent("exif-app1-shorter-than-its-signature.jpg"))
        XCTAssertNil(ExifBlock.find(in: finding, format: .jpeg))
        // Retagged, it gets an EXIF segment of its own, which says the turn.
        let retagged = try XCTUnwrap(TurnedCopy.retagged(finding, orientation: 6))
        let block = try XCTUnwrap(ExifBlock.find(in: retagged, format: .jpeg))
        XCTAssertEqual(ExifOrientationTag.orientation(in: Data(retagged)[block.range]), 6)
    }
}
