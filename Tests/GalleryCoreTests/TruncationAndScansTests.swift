import Foundation
import TestRequirements
@testable import GalleryCore
import XCTest

/// The two JPEG/PNG structure readers left by hand (no library at hand tells them): a file cut
/// off (`TruncationCheck`), and where the scans that arrived whole end (`JPEGScans`).
final class TruncationAndScansTests: XCTestCase {
    private func truncated(_ data: Data, _ format: ImageFormat) -> Bool {
        data.withUnsafeBytes { TruncationCheck.isTruncated($0, format: format) }
    }

    func testWholeFilesAreWholeAndCutOnesAreNot() {
        for (type, format) in [("jpeg", ImageFormat.jpeg), ("png", .png), ("bmp", .bmp)] {
            let whole = TestImages.encoded(width: 64, height: 48, as: type)
            XCTAssertFalse(truncated(whole, format), type)
            XCTAssertTrue(truncated(whole.prefix(whole.count / 2), format), "\(type) cut in half")
            XCTAssertFalse(truncated(whole + Data(count: 5000), format), "\(type) with trailing data (a motion photo's video)")
        }
        XCTAssertTrue(truncated(Data([0xFF, 0xD8, 0xFF]), .jpeg), "no scan at all")
        XCTAssertFalse(truncated(Data([1, 2, 3]), .gif), "formats without an unambiguous end are not judged")
    }

    func testABaselineJPEGHasOneScanEndingAtItsEndMarker() throws {
        let jpeg = TestImages.encoded(width: 64, height: 48, as: "jpeg")
        let end = try XCTUnwrap(jpeg.withUnsafeBytes(JPEGScans.lastCompleteScanEnd))
        XCTAssertEqual(Array(jpeg[end..<end + 2]), [0xFF, 0xD9], "the scan ends at EOI")
        XCTAssertNil(jpeg.prefix(end - 10).withUnsafeBytes(JPEGScans.lastCompleteScanEnd), "its one scan still arriving")
    }

    /// A progressive JPEG (written by cjpeg): each scan that arrived whole moves the end on.
    func testAProgressiveJPEGsScansEndOneAfterAnother() throws {
        let folder = try TemporaryDirectory()
        let ppm = folder.url.appendingPathComponent("in.ppm"), out = folder.url.appendingPathComponent("out.jpg")
        var pixels = Data("P6\n64 48\n255\n".utf8)
        for index in 0..<(64 * 48) { pixels += [UInt8(index % 256), UInt8(index / 64 * 5 % 256), 128] }
        try pixels.write(to: ppm)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
        process.arguments = ["-progressive", "-outfile", out.path, ppm.path]
        do { try process.run() } catch { throw TestRequirement.missing("cjpeg (libjpeg-turbo-progs)") }
        process.waitUntilExit()
        let jpeg = try Data(contentsOf: out)
        var ends: [Int] = []
        for length in stride(from: 200, through: jpeg.count, by: 50) {
            if let end = jpeg.prefix(length).withUnsafeBytes(JPEGScans.lastCompleteScanEnd), end != ends.last { ends.append(end) }
        }
        XCTAssertGreaterThan(ends.count, 3, "several scans, found as they arrive: \(ends)")
        XCTAssertEqual(ends, ends.sorted(), "each later than the one before")
        XCTAssertTrue(ends.allSatisfy { jpeg[$0] == 0xFF }, "each at a marker")
    }
}
