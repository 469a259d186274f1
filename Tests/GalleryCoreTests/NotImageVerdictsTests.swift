import Foundation
@testable import GalleryCore
import XCTest

/// "Not an image" verdicts: one compact file, the oldest dropped past the capacity, a damaged
/// file read as empty, a Retry's forgetting written too.
final class NotImageVerdictsTests: XCTestCase {
    func testVerdictsPersistAreCappedOldestFirstAndCanBeForgotten() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("not-images.verdicts")
        let verdicts = NotImageVerdicts(file: file, capacity: 100)
        for index in 0..<150 { verdicts.insert("https://example.com/page/\(index)") }
        XCTAssertEqual(verdicts.count, 100)
        XCTAssertFalse(verdicts.contains("https://example.com/page/0"), "the oldest went")
        XCTAssertTrue(verdicts.contains("https://example.com/page/149"))
        verdicts.remove("https://example.com/page/149") // a Retry
        verdicts.writeNow()
        XCTAssertEqual(try Data(contentsOf: file).count, 99 * NotImageVerdicts.digestLength + SealedCacheFile.overhead)

        let reread = NotImageVerdicts(file: file, capacity: 100)
        XCTAssertEqual(reread.count, 99)
        XCTAssertTrue(reread.contains("https://example.com/page/148"))
        XCTAssertFalse(reread.contains("https://example.com/page/149"))
        XCTAssertFalse(reread.contains("https://example.com/page/10"))
    }

    func testADamagedFileReadsAsNoVerdictsAndIsReplaced() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("not-images.verdicts")
        let verdicts = NotImageVerdicts(file: file)
        verdicts.insert("https://example.com/a")
        verdicts.writeNow()
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: file)
        let damaged = NotImageVerdicts(file: file)
        XCTAssertFalse(damaged.contains("https://example.com/a"), "asked about again, never trusted")
        damaged.insert("https://example.com/b")
        damaged.writeNow()
        XCTAssertTrue(NotImageVerdicts(file: file).contains("https://example.com/b"))
    }

    func testEarlierVersionsOneFilePerVerdictAreClearedAway() throws {
        let folder = try TemporaryDirectory()
        let legacy = folder.url.appendingPathComponent("thumbnails")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        for index in 0..<20 { try Data(count: 12).write(to: legacy.appendingPathComponent("\(index).not-image")) }
        try Data(count: 99).write(to: legacy.appendingPathComponent("keep.png"))
        let verdicts = NotImageVerdicts(file: folder.url.appendingPathComponent("not-images.verdicts"), legacyFolder: legacy)
        XCTAssertFalse(verdicts.contains("anything"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: legacy.path), ["keep.png"])
    }
}
