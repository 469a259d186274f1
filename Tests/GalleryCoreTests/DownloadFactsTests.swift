import Foundation
@testable import GalleryCore
import XCTest

/// What servers said about originals outlives the run that downloaded them (a later run reads
/// the original from disk and still shows its Content-Type and Last-Modified), in one sealed
/// file that a damage only empties.
final class DownloadFactsTests: XCTestCase {
    private func head(_ type: String, _ modified: String) -> HTTPResponseHead {
        HTTPResponseHead(status: 200, headers: ["content-type": type, "last-modified": modified])
    }

    func testFactsAreKeptForTheNextRunWhichDidNotDownloadThem() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent(DownloadFacts.fileName)
        let facts = DownloadFacts(file: file)
        facts.record(head("image/jpeg; charset=x", "Tue, 14 Nov 2023 22:13:20 GMT"), for: "https://a/1.jpg")
        facts.record(head("image/png", "Wed, 15 Nov 2023 08:00:00 GMT"), for: "https://a/2.png")
        XCTAssertTrue(facts.downloadedThisRun("https://a/1.jpg"))
        facts.writeNow()

        let nextRun = DownloadFacts(file: file)
        XCTAssertEqual(nextRun.facts(for: "https://a/1.jpg"),
                       .init(contentType: "image/jpeg", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT"))
        XCTAssertEqual(nextRun.facts(for: "https://a/2.png")?.contentType, "image/png")
        XCTAssertFalse(nextRun.downloadedThisRun("https://a/1.jpg"), "read from the cache this time")
    }

    func testOnlyTheNewestAreKeptAndADamagedFileReadsAsEmpty() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent(DownloadFacts.fileName)
        let facts = DownloadFacts(file: file, capacity: 3)
        for index in 0..<5 { facts.record(head("image/gif", "x\ty\nz"), for: "https://a/\(index)") }
        facts.writeNow()
        let reread = DownloadFacts(file: file, capacity: 3)
        XCTAssertNil(reread.facts(for: "https://a/1"))
        XCTAssertEqual(reread.facts(for: "https://a/4")?.lastModified, "xyz", "one line, no tabs")

        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 2] ^= 0xFF
        try bytes.write(to: file)
        XCTAssertNil(DownloadFacts(file: file).facts(for: "https://a/4"), "a damaged file is not trusted")
    }
}
