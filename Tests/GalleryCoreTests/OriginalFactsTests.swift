import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// What an original is (format, declared size, length) is seen once, as its download writes
/// it, and kept with it: making its thumbnail later, in this run or the next, decides from
/// those facts how to decode it.
final class OriginalFactsTests: XCTestCase {
    func testTheDownloadRecordsWhatTheOriginalIsAndTheNextRunKnowsIt() async throws {
        let server = try FixtureServer.shared()
        let folder = try TemporaryDirectory()
        let directories = try CacheDirectories(root: folder.url)
        let url = server.url("/img/320x240.png?tag=\(FixtureServer.uniqueTag())")
        let served = try await HTTPClient().send(HTTPRequest(url: url)).body

        let repository = ImageRepository(http: HTTPClient(), directories: directories)
        _ = try await repository.thumbnail(for: url, priority: .visible)
        let expected = OriginalFacts(format: .png, declaredSize: PixelSize(width: 320, height: 240), byteCount: served.count)
        XCTAssertEqual(repository.downloadFacts.facts(for: url.absoluteString)?.original, expected)
        repository.downloadFacts.writeNow()

        let nextRun = ImageRepository(http: HTTPClient(), directories: directories)
        let known = await BlockingWork.run(on: BlockingWork.disk) { nextRun.downloadFacts.facts(for: url.absoluteString)?.original }
        XCTAssertEqual(known, expected)
    }

    /// An original stored by an earlier version has no facts: they are learnt once from its
    /// first bytes, recorded, and its thumbnail is made from the disk without a download.
    func testAnOriginalWithoutFactsHasThemLearntOnce() async throws {
        let server = try FixtureServer.shared()
        let folder = try TemporaryDirectory()
        let directories = try CacheDirectories(root: folder.url)
        let url = server.url("/img/300x200.jpg?tag=\(FixtureServer.uniqueTag())")
        let first = ImageRepository(http: HTTPClient(), directories: directories)
        _ = try await first.original(bytesFor: url, priority: .visible)
        // As an earlier version left the cache: the original, no facts, no thumbnail.
        first.downloadFacts.writeNow()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(DownloadFacts.fileName))

        let later = ImageRepository(http: HTTPClient(), directories: directories)
        let before = try await server.requestCount(path: url.path + "?" + (url.query ?? ""))
        let thumbnail = try await later.thumbnail(for: url, priority: .visible)
        XCTAssertEqual(thumbnail.sourceSize, PixelSize(width: 300, height: 200))
        let after = try await server.requestCount(path: url.path + "?" + (url.query ?? ""))
        XCTAssertEqual(after, before, "made from the stored original")
        let learnt = later.downloadFacts.facts(for: url.absoluteString)?.original
        XCTAssertEqual(learnt?.format, .jpeg)
        XCTAssertEqual(learnt?.declaredSize, PixelSize(width: 300, height: 200))
    }
}
