import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// The small record files (verdicts, download facts) are written whole: two writes at once (the
/// delayed one and the app's at quit) must leave the newest records in the file, not the older
/// snapshot that happened to finish last.
final class SmallRecordFileTests: XCTestCase {
    func testTheNewestRecordsWinWhenTwoWritesOverlap() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("records")
        // Encoding the first records is slow: without one write at a time, that older snapshot
        // was installed after the newer one.
        let snapshotTaken = DispatchSemaphore(value: 0)
        let records = SmallRecordFile<Int>(file: path, decode: { $0.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0 },
                                           encode: { value in
                                               if value == 1 {
                                                   snapshotTaken.signal()
                                                   Thread.sleep(forTimeInterval: 0.3)
                                               }
                                               return Data(String(value).utf8)
                                           })
        records.change { $0 = 1; return true }
        let olderWrite = expectation(description: "the older write")
        DispatchQueue.global().async {
            records.writeNow()
            olderWrite.fulfill()
        }
        snapshotTaken.wait() // the older write is encoding its snapshot
        records.change { $0 = 2; return true }
        records.writeNow()
        wait(for: [olderWrite], timeout: 5)
        let stored = try XCTUnwrap(SealedFileWrite.read(path))
        XCTAssertEqual(String(decoding: stored, as: UTF8.self), "2", "the newest records are the file's")
    }
}
