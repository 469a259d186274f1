import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// Priorities follow the person: a page turn that joins a download a prefetch started is not
/// left waiting behind the other prefetches.
final class PriorityRaiseTests: XCTestCase {
    func testThePriorityDropsBackWhenTheCallerWhoRaisedItLeaves() async throws {
        let tasks = CoalescedTasks<String, LoadPriority>()
        let started = AsyncStream<SharedPriority>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let prefetch = Task {
            try await tasks.value(for: "photo", priority: .prefetch) { shared in
                started.continuation.yield(shared)
                for await _ in release.stream { break }
                return shared.current
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        let next = await iterator.next()
        let shared = try XCTUnwrap(next)
        let pageTurn = Task { try await tasks.value(for: "photo", priority: .interactive) { _ in .prefetch } }
        try await waitUntil("the page turn raised the shared work") { shared.current == .interactive }

        pageTurn.cancel() // the person turned on before it arrived
        try await waitUntil("back to the prefetch's priority") { shared.current == .prefetch }
        release.continuation.yield()
        let value = try await prefetch.value
        XCTAssertEqual(value, .prefetch)
    }

    func testAJoiningCallerRaisesTheSharedWorkAndALowerOneDoesNot() async throws {
        let tasks = CoalescedTasks<String, LoadPriority>()
        let started = AsyncStream<SharedPriority>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let first = Task {
            try await tasks.value(for: "photo", priority: .prefetch) { shared in
                started.continuation.yield(shared)
                for await _ in release.stream { break }
                return shared.current
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        let next = await iterator.next()
        let shared = try XCTUnwrap(next)
        XCTAssertEqual(shared.current, .prefetch)

        let visible = Task { try await tasks.value(for: "photo", priority: .visible) { _ in .prefetch } }
        let interactive = Task { try await tasks.value(for: "photo", priority: .interactive) { _ in .prefetch } }
        let later = Task { try await tasks.value(for: "photo", priority: .prefetch) { _ in .prefetch } }
        try await waitUntil("all four callers joined at interactive priority") {
            shared.current == .interactive && tasks.waiterCount(for: "photo") >= 4
        }
        release.continuation.yield()

        for task in [first, visible, interactive, later] {
            let value = try await task.value
            XCTAssertEqual(value, .interactive, "every caller shares the one result, made at interactive priority")
        }
    }

    /// A waiter's own priority changing while it waits moves the shared work, and work started
    /// inside with the shared priority (a download inside a thumbnail) follows in turn.
    func testTheSharedWorkFollowsAWaitersPriorityAsItChangesDownToNestedWork() async throws {
        let thumbnails = CoalescedTasks<String, LoadPriority>()
        let downloads = CoalescedTasks<String, LoadPriority>()
        let started = AsyncStream<SharedPriority>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let tile = SharedPriority(.prefetch)
        let load = Task {
            try await thumbnails.value(for: "photo", priority: tile) { thumbnail in
                try await downloads.value(for: "photo", priority: thumbnail) { download in
                    started.continuation.yield(download)
                    for await _ in release.stream { break }
                    return download.current
                }
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        let next = await iterator.next()
        let download = try XCTUnwrap(next)
        XCTAssertEqual(download.current, .prefetch)

        tile.set(.visible) // scrolled into view
        XCTAssertEqual(download.current, .visible, "the download inside the thumbnail follows the tile")
        tile.set(.prefetch)
        XCTAssertEqual(download.current, .prefetch, "and falls back with it")
        tile.set(.visible)
        release.continuation.yield()
        let value = try await load.value
        XCTAssertEqual(value, .visible)
    }

    /// End to end through the repository and the real HTTP client, counted at the fixture server:
    /// with one connection busy, three prefetches queue; the page turned to joins the last one.
    func testAPrefetchJoinedByAPageTurnIsDownloadedBeforeTheOtherPrefetches() async throws {
        let busy = try await BusyConnection()
        defer { busy.removeCache() }
        let (http, repository) = (busy.http, busy.repository)
        var prefetches: [Task<Data, any Error>] = []
        for name in ["prefetch-1", "prefetch-2", "turned-to"] {
            prefetches.append(Task { try await repository.original(bytesFor: busy.photo(name), priority: .prefetch) })
        }
        // All three wait in the client's queue; the page turn joins the third one's download.
        try await waitUntil("the three prefetches queued") { http.queuedTransferCount >= 3 }
        let turnedTo = Task { try await repository.original(bytesFor: busy.photo("turned-to"), priority: .interactive) }
        try await busy.finish()
        let bytes = try await turnedTo.value
        for task in prefetches { _ = try await task.value }

        XCTAssertFalse(bytes.isEmpty)
        let order = try await busy.requestOrder()
        XCTAssertEqual(Array(order.prefix(2)), ["blocker", "turned-to"])
        XCTAssertEqual(Set(order.dropFirst(2)), ["prefetch-1", "prefetch-2"])
        XCTAssertEqual(order.count, 4, "one download per photo")
    }

    /// The grid's case, counted at the fixture server: with the one connection busy, three
    /// thumbnails wait as prefetches; the third tile scrolls into view while it waits, and its
    /// original is downloaded next — the same load, raised, not a second request.
    func testAThumbnailWhoseTileComesIntoViewIsDownloadedBeforeTheOtherPrefetches() async throws {
        let busy = try await BusyConnection()
        defer { busy.removeCache() }
        let (http, repository) = (busy.http, busy.repository)
        let tiles = ["tile-1", "tile-2", "scrolled-to"].map { ($0, SharedPriority(.prefetch)) }
        let loads = tiles.map { name, priority in Task { try await repository.thumbnail(for: busy.photo(name), priority: priority) } }
        try await waitUntil("the three thumbnails' downloads queued") { http.queuedTransferCount >= 3 }
        tiles[2].1.set(.visible)
        try await busy.finish()
        for load in loads { _ = try await load.value }

        let order = try await busy.requestOrder()
        XCTAssertEqual(Array(order.prefix(2)), ["blocker", "scrolled-to"])
        XCTAssertEqual(Set(order.dropFirst(2)), ["tile-1", "tile-2"])
        XCTAssertEqual(order.count, 4, "one download per tile")
    }

    /// A repository whose HTTP client has one connection, held by a slow download until
    /// `finish`: what is asked for meanwhile waits in the client's line. The server's log then
    /// tells in which order the photos were fetched.
    private struct BusyConnection {
        let server: FixtureServer
        let http = HTTPClient(configuration: .init(maxConcurrentTransfers: 1))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("raise-\(UUID().uuidString)")
        let repository: ImageRepository
        let tag = FixtureServer.uniqueTag()
        private let blocker: Task<HTTPResponse, any Error>

        init() async throws {
            server = try FixtureServer.shared()
            repository = ImageRepository(http: http, directories: try CacheDirectories(root: root))
            let blockerPath = "/fault/slow/1200/text/plain.txt?tag=\(tag)&name=blocker"
            let (http, url) = (http, server.url(blockerPath))
            blocker = Task { try await http.send(HTTPRequest(url: url, priority: SharedPriority(.interactive))) }
            _ = try await server.firstLoggedRequest { $0.path == blockerPath }
        }

        func photo(_ name: String) -> URL { server.url("/img/320x240.jpg?tag=\(tag)&name=\(name)") }

        func finish() async throws { _ = try await blocker.value }

        /// The `name`s of this test's requests, in the order the server saw them.
        func requestOrder() async throws -> [String] {
            try await server.requestLog()
                .filter { $0.path.contains(tag) }
                .compactMap { URLComponents(string: $0.path)?.queryItems?.first { $0.name == "name" }?.value }
        }

        func removeCache() { try? FileManager.default.removeItem(at: root) }
    }
}
