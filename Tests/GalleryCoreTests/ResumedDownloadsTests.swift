import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// A connection that breaks halfway through a photo does not cost the half already received:
/// the next request asks for the rest (`Range` with `If-Range`), and a server that cannot give
/// it starts the file again cleanly. The fixture's `/fault/breaks/<key>/<n>/…` resets the first
/// `n` answers of a key after half their body.
final class ResumedDownloadsTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory()
    }

    /// Bytes no compressor shrinks, so what is sent is what the log counts.
    private static func photoBytes(_ count: Int) -> Data {
        var generator = SplitMix64(seed: 53)
        return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }

    func testADownloadBrokenTwiceGoesOnFromItsBytesAndSendsTheFileOnce() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let photo = Self.photoBytes(4 * 1024 * 1024)
        _ = try server.writeFile(name: "photo.bin", contents: photo)
        let path = "/fault/breaks/\(FixtureServer.uniqueTag())/2/photo.bin"

        let response = try await HTTPClient().send(HTTPRequest(url: server.url(path)))

        XCTAssertEqual(response.head.status, 200, "the download answers with the head that began it")
        XCTAssertEqual(response.body, photo, "every byte, in order")
        let log = try await server.requestLog().filter { $0.path == path }
        XCTAssertEqual(log.count, 3)
        XCTAssertNil(log[0].range)
        let etag = try XCTUnwrap(log[1].ifRange)
        XCTAssertTrue(etag.hasPrefix("\""), "If-Range carries the first answer's strong ETag")
        XCTAssertEqual(log.dropFirst().map(\.status), [206, 206])
        let sent = log.compactMap(\.bytesSent).reduce(0, +)
        XCTAssertLessThanOrEqual(Double(sent) / Double(photo.count), 1.01, "sent \(sent) bytes for \(photo.count)")
        // Each range starts where the bytes received ended.
        XCTAssertEqual(log[1].range, "bytes=\(log[0].bytesSent ?? -1)-")
    }

    func testAServerThatIgnoresRangesSendsTheWholeFileAgainAndNothingIsDoubled() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let photo = Self.photoBytes(1024 * 1024)
        _ = try server.writeFile(name: "photo.bin", contents: photo)
        let path = "/fault/breaks/\(FixtureServer.uniqueTag())/2/photo.bin?ranges=0"

        let response = try await HTTPClient().send(HTTPRequest(url: server.url(path)))

        XCTAssertEqual(response.body, photo, "started again cleanly, not appended to the half received")
        let log = try await server.requestLog().filter { $0.path == path }
        XCTAssertEqual(log.map(\.status), [200, 200, 200])
    }

    func testAChangedFileIsTakenWholeNotSplicedOntoTheOldHalf() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let old = Self.photoBytes(1024 * 1024)
        _ = try server.writeFile(name: "photo.bin", contents: old)
        // After the break the server serves the file changed (reversed, under another ETag).
        let path = "/fault/breaks/\(FixtureServer.uniqueTag())/1/photo.bin?changes=1"

        let response = try await HTTPClient().send(HTTPRequest(url: server.url(path)))

        XCTAssertEqual(response.body, Data(old.reversed()), "If-Range saw another file: the server sent it whole")
        let log = try await server.requestLog().filter { $0.path == path }
        XCTAssertEqual(log.map(\.status), [200, 200], "asked for the rest, given the new file")
        XCTAssertNotNil(log[1].range)
    }

    /// A compressed answer counts its range in encoded bytes, the bytes received are decoded:
    /// it starts over rather than splice the wrong part (a gzipped list, most often).
    func testACompressedAnswerStartsOverInsteadOfGoingOn() {
        let validators = ["etag": "\"v1\"", "last-modified": "Tue, 14 Nov 2023 22:13:20 GMT"]
        let plain = TransferJournal.Entry(head: HTTPResponseHead(status: 200, headers: validators), bodyBytes: 5000, kept: Data())
        var gzipped = plain
        gzipped.head = HTTPResponseHead(status: 200, headers: validators.merging(["content-encoding": "gzip"]) { $1 })

        XCTAssertEqual(ResumePoint.after(plain, previous: nil).headers, ["Range": "bytes=5000-", "If-Range": "\"v1\""])
        XCTAssertEqual(ResumePoint.after(gzipped, previous: nil).headers, [:], "from its first byte again")
        XCTAssertEqual(ResumePoint.after(gzipped, previous: nil).offset, 0)
    }

    func testABrokenOriginalReachesTheCacheWholeAndDecodes() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let directories = try CacheDirectories(root: folder.url)
        let repository = ImageRepository(http: HTTPClient(), directories: directories)
        let served = try await HTTPClient().send(HTTPRequest(url: server.url("/img/2400x1600.jpg"))).body
        let url = server.url("/fault/breaks/\(FixtureServer.uniqueTag())/2/img/2400x1600.jpg")

        let page = try await repository.original(for: url, priority: .interactive)
        let bytes = try await repository.original(bytesFor: url, priority: .interactive)

        XCTAssertEqual(page.texture.pixelWidth, 2400)
        XCTAssertEqual(bytes, served, "the cache holds the photo as served, its halves joined")
        let log = try await server.requestLog().filter { $0.path == url.path }
        XCTAssertEqual(log.map(\.status), [200, 206, 206], "downloaded once, in three parts")
    }

    func testAListBrokenHalfwayIsReadWholeAndRemembersItCameFromALocalAddress() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let lines = (0..<4000).map { "https://example.com/picture-\($0).jpg" }
        _ = try server.writeFile(name: "list.txt", contents: lines.joined(separator: "\n") + "\n")
        let url = server.url("/fault/breaks/\(FixtureServer.uniqueTag())/1/list.txt")
        let directories = try CacheDirectories(root: folder.url)

        let snapshot = try await LinksRepository(url: url, http: HTTPClient(), directories: directories).refresh()
        let relaunched = await LinksRepository(url: url, http: HTTPClient(), directories: directories).cachedSnapshot()

        XCTAssertEqual(snapshot.entries.map(\.text), lines, "every line, the halves joined")
        let log = try await server.requestLog().filter { $0.path == url.path }
        XCTAssertEqual(log.map(\.status), [200, 206])
        XCTAssertEqual(snapshot.linkReach, .anyAddress, "a list from this computer may name local addresses")
        XCTAssertEqual(relaunched?.linkReach, .anyAddress, "and says so again from the saved copy")
    }
}
