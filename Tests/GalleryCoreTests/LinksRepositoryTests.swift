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

    /// A start from the cache shows the entries a worker read the first time (saved beside the
    /// file, `LinksReply`) without a worker: the saved entries are what is shown. Entries that
    /// fail their checksum are read from the file again, by a worker, and saved whole.
    func testAStartFromTheCacheShowsTheSavedEntriesAndDamagedOnesAreReadAgain() async throws {
        let name = "links-\(FixtureServer.uniqueTag()).txt"
        let fileText = "https://example.com/a.jpg\nplain text\n"
        let url = try server.writeFile(name: name, contents: fileText)
        _ = try await repository(for: url).refresh()
        let folder = root.appendingPathComponent("links")
        let entriesStore = DiskStore(directory: folder, capacityBytes: 1 << 20, fileExtension: "entries")
        let metadataStore = DiskStore(directory: folder, capacityBytes: 1 << 20, fileExtension: "json")
        let key = url.absoluteString
        let document = try XCTUnwrap(LinksReply.decode(try XCTUnwrap(entriesStore.read(key: key)), file: Data(fileText.utf8)))
        XCTAssertEqual(document.entries.map(\.text), ["https://example.com/a.jpg", "plain text"])

        // The saved entries are what a start shows: a list saved as other entries (with their
        // checksum, as a worker's reply of another day would be) comes back as those.
        var metadata = try JSONDecoder().decode(LinksSnapshotMetadata.self, from: try XCTUnwrap(metadataStore.read(key: key)))
        let other = LinksReply.encode(LinksReply.Document(
            entries: [document.entries[1]], byteRanges: [document.byteRanges[1]], omittedCount: 0, keptByteCount: fileText.utf8.count))
        try entriesStore.write(other, key: key)
        metadata.entriesChecksum = Checksum.sha256(other)
        try metadataStore.write(try JSONEncoder().encode(metadata), key: key)
        let fromEntries = await (try repository(for: url)).cachedSnapshot()
        XCTAssertEqual(fromEntries?.entries.map(\.text), ["plain text"], "read from the saved entries, not the file")

        // Damaged entries: the file is read again, and the entries saved again.
        try entriesStore.write(Data("damaged".utf8), key: key)
        let again = await (try repository(for: url)).cachedSnapshot()
        XCTAssertEqual(again?.entries.map(\.text), ["https://example.com/a.jpg", "plain text"])
        let resaved = try XCTUnwrap(entriesStore.read(key: key))
        XCTAssertEqual(LinksReply.decode(resaved, file: Data(fileText.utf8))?.entries.count, 2)
    }

    /// A server that answers every request in full with the same file, whatever validators it
    /// is sent: the refresh sees the same bytes and keeps the saved entries, with no worker
    /// reading the file again (here, a pool whose workers would die on any list, and which starts
    /// none).
    func testTheSameFileSentAgainInFullIsNotReadAgain() async throws {
        let target = "/fault/tiny-lines?mib=1&tag=\(FixtureServer.uniqueTag())"
        let url = server.url(target)
        let first = try await repository(for: url).refresh()
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        let crashing = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .crashOnLists))
        let again = LinksRepository(url: url, http: http, directories: try CacheDirectories(root: root), pool: crashing)
        let confirmed = try await again.refresh()
        let sent = try await server.requestLog().filter { $0.path == target }
        XCTAssertEqual(sent.count, 2)
        XCTAssertGreaterThan(sent.last?.bytesSent ?? 0, 0, "the file sent again in full, not a 304")
        XCTAssertEqual(confirmed.checksum, first.checksum)
        XCTAssertEqual(confirmed.entries, first.entries)
        XCTAssertGreaterThan(confirmed.confirmedAt, first.confirmedAt)
        XCTAssertEqual(crashing.startedCount, 0, "no worker read it again")
    }

    func testServerErrorsAndUnreachableServersAreClassified() async throws {
        do {
            _ = try await repository(for: server.url("/fault/404")).refresh()
            XCTFail("404")
        } catch let error as LoadError {
            XCTAssertEqual(error, .serverError(status: 404))
            XCTAssertFalse(error.isTransient)
        }
        do {
            _ = try await repository(for: URL(string: "http://127.0.0.1:9/links.txt")!).refresh()
            XCTFail("closed port")
        } catch let error as LoadError {
            XCTAssertEqual(error, .noConnection)
            XCTAssertTrue(error.isTransient)
        }
    }
}
