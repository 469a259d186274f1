import Foundation
import XCTest
@testable import GalleryCore

/// Ordinary decodes by priority: the viewer's neighbours and the tiles just off screen decode
/// one at a time, what a person looks at never waits for them, and a neighbour the person turns
/// to starts as its priority rises. Each decode is held (`StartOrder`) until the test lets go,
/// so the pool's state is read while it holds, not guessed from timings. (No more than two are
/// held at once: libdispatch adds a thread for a third blocked one only after a second or two.)
final class DecodePoolTests: XCTestCase {
    private let ordinary = OriginalFacts(of: TestImages.solidPNG(width: 8, height: 8, rgba: 0xFF00_00FF))

    func testPrefetchesDecodeOneAtATimeAndAPageTurnedToStartsAtOnce() async throws {
        XCTAssertFalse(DecodeThreads.isHeavy(ordinary))
        let neighbours = StartOrder(), pages = StartOrder()
        let neighbour = SharedPriority(.prefetch)
        let first = decode("neighbour 1", SharedPriority(.prefetch), neighbours)
        try await waitUntil("the first neighbour decodes") { neighbours.labels == ["neighbour 1"] }
        let second = decode("neighbour 2", neighbour, neighbours)
        try await waitUntil("the second neighbour waits") { DecodeThreads.ordinaryWaitingCount == 1 }

        let page = decode("page", SharedPriority(.interactive), pages)
        try await waitUntil("the page shown decodes beside the neighbour") { pages.labels == ["page"] }
        XCTAssertEqual(DecodeThreads.ordinaryWaitingCount, 1, "the second neighbour still waits its turn")
        pages.letOneFinish()
        try await page.value

        neighbour.set(.interactive) // the person turned to it
        try await waitUntil("the neighbour turned to starts, the first one still running") { neighbours.count == 2 }
        XCTAssertEqual(neighbours.labels, ["neighbour 1", "neighbour 2"])
        XCTAssertEqual(DecodeThreads.ordinaryWaitingCount, 0)

        (0..<2).forEach { _ in neighbours.letOneFinish() }
        for task in [first, second] { try await task.value }
    }

    /// Every decode goes to a sandboxed worker, and one worker is kept for the page on screen:
    /// the pool starts as many tiles as the others can decode, and the page beside them.
    func testTilesTakeTheWorkersTheyMayUseAndThePageStartsBesideThem() async throws {
        XCTAssertEqual(DecodeThreads.ordinaryBelowInteractiveWidth, 2)
        let tiles = StartOrder(), pages = StartOrder()
        let started = (1...3).map { decode("tile \($0)", SharedPriority(.visible), tiles) }
        try await waitUntil("two tiles decode") { tiles.count == 2 }
        try await waitUntil("the third waits for one of them") { DecodeThreads.ordinaryWaitingCount == 1 }
        let page = decode("page", SharedPriority(.interactive), pages)
        try await waitUntil("the page decodes at once beside the two tiles") { pages.labels == ["page"] }
        XCTAssertEqual(DecodeThreads.ordinaryWaitingCount, 1, "the third tile still waits")
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
        try await waitUntil("the next one waits") { DecodeThreads.ordinaryWaitingCount == 1 }

        flickedPast.cancel()
        let result = await flickedPast.result
        XCTAssertThrowsError(try result.get(), "ended while the first still holds the prefetch place") {
            XCTAssertTrue($0 is CancellationError)
        }
        order.letOneFinish()
        try await running.value
        try await waitUntil("the pool is empty") { DecodeThreads.ordinaryWaitingCount == 0 }
        XCTAssertEqual(order.labels, ["running"], "the cancelled decode never ran")
    }

    private func decode(_ label: String, _ priority: SharedPriority, _ order: StartOrder) -> Task<Void, Error> {
        let facts = ordinary
        return Task { try await DecodeThreads.run(decoding: facts, priority: priority) { order.start(label) } }
    }
}
