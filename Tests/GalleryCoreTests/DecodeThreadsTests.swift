import Foundation
import GalleryTestSupport
import XCTest
@testable import GalleryCore

/// Decodes by priority (`DecodeThreads.workers`): the viewer's neighbours and the tiles just off
/// screen decode one at a time, what a person looks at never waits for them, and a neighbour
/// the person turns to starts as its priority rises. Each decode is held (`StartOrder`) until the test lets go,
/// so the pool's state is read while it holds, not guessed from timings. (No more than two are
/// held at once: libdispatch adds a thread for a third blocked one only after a second or two.)
final class DecodeThreadsTests: XCTestCase {
    func testPrefetchesDecodeOneAtATimeAndAPageTurnedToStartsAtOnce() async throws {
        let neighbours = StartOrder(), pages = StartOrder()
        let neighbour = SharedPriority(.prefetch)
        let first = decode("neighbour 1", SharedPriority(.prefetch), neighbours)
        try await waitUntil("the first neighbour decodes") { neighbours.labels == ["neighbour 1"] }
        let second = decode("neighbour 2", neighbour, neighbours)
        try await waitUntil("the second neighbour waits") { DecodeThreads.workers.waitingCount == 1 }

        let page = decode("page", SharedPriority(.interactive), pages)
        try await waitUntil("the page shown decodes beside the neighbour") { pages.labels == ["page"] }
        XCTAssertEqual(DecodeThreads.workers.waitingCount, 1, "the second neighbour still waits its turn")
        pages.letOneFinish()
        try await page.value

        neighbour.set(.interactive) // the person turned to it
        try await waitUntil("the neighbour turned to starts, the first one still running") { neighbours.count == 2 }
        XCTAssertEqual(neighbours.labels, ["neighbour 1", "neighbour 2"])
        XCTAssertEqual(DecodeThreads.workers.waitingCount, 0)

        (0..<2).forEach { _ in neighbours.letOneFinish() }
        for task in [first, second] { try await task.value }
    }

    /// Every decode goes to a sandboxed worker, and one worker is kept for the page on screen:
    /// the pool starts as many tiles as the others can decode, and the page beside them.
    func testTilesTakeTheWorkersTheyMayUseAndThePageStartsBesideThem() async throws {
        XCTAssertEqual(DecodeThreads.workers.policy.limit(for: .visible), 2)
        let tiles = StartOrder(), pages = StartOrder()
        let started = (1...3).map { decode("tile \($0)", SharedPriority(.visible), tiles) }
        try await waitUntil("two tiles decode") { tiles.count == 2 }
        try await waitUntil("the third waits for one of them") { DecodeThreads.workers.waitingCount == 1 }
        let page = decode("page", SharedPriority(.interactive), pages)
        try await waitUntil("the page decodes at once beside the two tiles") { pages.labels == ["page"] }
        XCTAssertEqual(DecodeThreads.workers.waitingCount, 1, "the third tile still waits")
        pages.letOneFinish()
        try await page.value
        tiles.letOneFinish()
        try await waitUntil("the third tile starts when a tile's place frees") { tiles.count == 3 }
        (0..<2).forEach { _ in tiles.letOneFinish() }
        for task in started { try await task.value }
    }

    func testAWaitingPrefetchWhoseCallerLeftEndsAtOnceAndNeverRuns() async throws {
        let order = StartOrder()
        let running = decode("running", SharedPriority(.prefetch), order)
        try await waitUntil("one neighbour decodes") { order.count == 1 }
        let flickedPast = decode("flicked past", SharedPriority(.prefetch), order)
        try await waitUntil("the next one waits") { DecodeThreads.workers.waitingCount == 1 }

        flickedPast.cancel()
        let result = await flickedPast.result
        XCTAssertThrowsError(try result.get(), "ended while the first still holds the prefetch place") {
            XCTAssertEqual($0 as? LoadError, .cancelled)
        }
        order.letOneFinish()
        try await running.value
        try await waitUntil("the pool is empty") { DecodeThreads.workers.waitingCount == 0 }
        XCTAssertEqual(order.labels, ["running"], "the cancelled decode never ran")
    }

    /// Every decode of the repository's (thumbnails, pages, full detail, metadata, a links file) is let in before it
    /// takes a thread: none waits for a worker or for pixels by blocking one.
    func testTheRepositorysDecodesNeverBlockAThreadToWaitForATurn() async throws {
        let server = try FixtureServer.shared()
        let folder = try TemporaryDirectory()
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: folder.url))
        let tag = FixtureServer.uniqueTag()
        let urls = (0..<12).map { server.url("/img/320x240.jpg?tag=\(tag)&n=\($0)") }
        let blockedBefore = (DecodeThreads.workers.blockedThreadCount, DecodeThreads.pixels.blockedThreadCount)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
                group.addTask { _ = try await repository.thumbnail(for: url, priority: .visible) }
            }
            group.addTask {
                _ = try await repository.original(for: urls[0], fitting: PixelSize(width: 200, height: 200), priority: .interactive)
                _ = try await repository.fullDetail(for: urls[1], covering: nil, priority: .interactive)
                _ = await repository.details(for: urls[0]) // its metadata, read by a worker too
                _ = await LinksReading.readInTurn(Data("https://example.com/a.png\nnot a link\n".utf8))
                _ = await repository.preview(for: urls[2]) // the app's own thumbnail file, read back
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(DecodeThreads.workers.blockedThreadCount, blockedBefore.0)
        XCTAssertEqual(DecodeThreads.pixels.blockedThreadCount, blockedBefore.1)
        XCTAssertEqual(DecodeThreads.pixels.held, 0, "every reply's pixels given back once made textures")
    }

    private func decode(_ label: String, _ priority: SharedPriority, _ order: StartOrder) -> Task<Void, Error> {
        Task { try await DecodeThreads.run(priority: priority, mostPixels: 0) { order.start(label) } }
    }
}
