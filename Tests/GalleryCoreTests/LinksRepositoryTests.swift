import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// The links file: cached copy, conditional refresh, damaged snapshots.
final class LinksRepositoryTests: XCTestCase {
    private var root: URL!
    private var server: FixtureServer!
    private let http = HTTPClient()

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    private func repository(for url: URL) throws -> LinksRepository {
        LinksRepository(url: url, http: http, directories: try CacheDirectories(root: root))
    }

    func testFirstRefreshDownloadsThenTheCachedCopyIsThereOffline() async throws {
        let name = "links-\(FixtureServer.uniqueTag()).txt"
        let url = try server.writeFile(name: name, contents: "https://example.com/a.jpg\r\nplain text\n")
        let first = try repository(for: url)
        let cachedBefore = await first.cachedSnapshot()
        XCTAssertNil(cachedBefore)
        let snapshot = try await first.refresh()
        XCTAssertEqual(snapshot.entries.map(\.text), ["https://example.com/a.jpg", "plain text"])

        // A relaunch with the server gone still has the list.
        let offline = try repository(for: URL(string: "http://127.0.0.1:9/\(name)")!)
        let wrongURL = await offline.cachedSnapshot()
        XCTAssertNil(wrongURL, "snapshots are per URL")
        let relaunched = await (try repository(for: url)).cachedSnapshot()
        XCTAssertEqual(relaunched?.entries, snapshot.entries)
    }

    func testUnchangedFileIsConfirmedWithAConditionalRequest() async throws {
        let name = "links-\(FixtureServer.uniqueTag()).txt"
        let url = try server.writeFile(name: name, contents: "https://example.com/a.jpg\n")
        let links = try repository(for: url)
        let first = try await links.refresh()
        let confirmed = try await links.refresh()
        XCTAssertEqual(confirmed.checksum, first.checksum)
        XCTAssertGreaterThan(confirmed.confirmedAt, first.confirmedAt, "confirmed now")
        let path = "/" + name
        let conditional = try await server.requestLog().filter { $0.path == path }.last
        XCTAssertTrue(conditional?.ifNoneMatch != nil || conditional?.ifModifiedSince != nil, "a conditional request")
        XCTAssertEqual(conditional?.bytesSent, 0, "304: no body sent again")
        try server.writeFile(name: name, contents: "https://example.com/b.png\n")
        let snapshot = try await links.refresh()
        XCTAssertNotEqual(snapshot.checksum, first.checksum, "new content")
        XCTAssertEqual(snapshot.entries.map(\.text), ["https://example.com/b.png"])
    }

    func testGarbageSnapshotIsRemovedAndFetchedAgain() async throws {
        let name = "links-\(FixtureServer.uniqueTag()).txt"
        let url = try server.writeFile(name: name, contents: "https://example.com/a.jpg\n")
        _ = try await repository(for: url).refresh()
        let stored = try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("links"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "txt" }
        XCTAssertEqual(stored.count, 1)
        try Data([0xff, 0x00, 0x13, 0x37]).write(to: stored[0])
        let links = try repository(for: url)
        let damaged = await links.cachedSnapshot()
        XCTAssertNil(damaged, "a snapshot that fails its checksum is not shown")
        let snapshot = try await links.refresh()
        XCTAssertEqual(snapshot.entries.map(\.text), ["https://example.com/a.jpg"])
    }

    func testServerErrorsAndUnreachableServersAreClassified() async throws {
        do {
            _ = try await repository(for: server.url("/fault/404")).refresh()
            XCTFail("404")
        } catch let error as LinksError {
            XCTAssertEqual(error, .serverError(status: 404))
            XCTAssertFalse(error.isTransient)
        }
        do {
            _ = try await repository(for: URL(string: "http://127.0.0.1:9/links.txt")!).refresh()
            XCTFail("closed port")
        } catch let error as LinksError {
            XCTAssertEqual(error, .noConnection)
            XCTAssertTrue(error.isTransient)
        }
    }
}
