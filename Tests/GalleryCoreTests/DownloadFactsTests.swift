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
        facts.record(head("image/jpeg; charset=x", "Tue, 14 Nov 2023 22:13:20 GMT"), original: nil, for: "https://a/1.jpg")
        facts.record(head("image/png", "Wed, 15 Nov 2023 08:00:00 GMT"), original: nil, for: "https://a/2.png")
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
        for index in 0..<5 { facts.record(head("image/gif", "x\ty\nz"), original: nil, for: "https://a/\(index)") }
        facts.writeNow()
        let reread = DownloadFacts(file: file, capacity: 3)
        XCTAssertNil(reread.facts(for: "https://a/1"))
        XCTAssertEqual(reread.facts(for: "https://a/4")?.lastModified, "xyz", "one line, no tabs")

        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 2] ^= 0xFF
        try bytes.write(to: file)
        XCTAssertNil(DownloadFacts(file: file).facts(for: "https://a/4"), "a damaged file is not trusted")
    }

    /// What an original is travels with it to the next run, and a file an earlier version wrote
    /// (three fields a line) still reads.
    func testAnOriginalsFactsAreKeptAndOldLinesStillRead() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent(DownloadFacts.fileName)
        let facts = DownloadFacts(file: file)
        let photo = OriginalFacts(format: .jpeg, declaredSize: PixelSize(width: 6000, height: 4000), byteCount: 9_123_456)
        let drawing = OriginalFacts(format: .svg, declaredSize: nil, byteCount: 2048)
        facts.record(head("image/jpeg", "x"), original: photo, for: "https://a/photo.jpg")
        facts.record(drawing, for: "https://a/drawing.svg") // learnt from a stored file's bytes
        facts.writeNow()
        let nextRun = DownloadFacts(file: file)
        XCTAssertEqual(nextRun.facts(for: "https://a/photo.jpg")?.original, photo)
        XCTAssertEqual(nextRun.facts(for: "https://a/photo.jpg")?.contentType, "image/jpeg")
        XCTAssertEqual(nextRun.facts(for: "https://a/drawing.svg")?.original, drawing)

        SealedFileWrite.install(Data("https://a/old.png\timage/png\tyesterday\nhttps://a/bad.png\t\t\tpng\t-5\t3\t10".utf8), as: file)
        let older = DownloadFacts(file: file)
        XCTAssertEqual(older.facts(for: "https://a/old.png"), .init(contentType: "image/png", lastModified: "yesterday"))
        XCTAssertNotNil(older.facts(for: "https://a/bad.png"), "the server's words stay")
        XCTAssertNil(older.facts(for: "https://a/bad.png")?.original, "a damaged size is learnt again, not trusted")
    }
}
