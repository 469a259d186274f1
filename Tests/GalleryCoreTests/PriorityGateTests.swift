import Foundation
import Synchronization
@testable import GalleryCore
import XCTest

/// The one admission policy of transfers, decode workers, the originals' bytes and the decoded
/// pixels: who waits, who passes, what is kept for the picture a person looks at, and that a
/// wait holds no thread and ends at once when its task is cancelled.
final class PriorityGateTests: XCTestCase {
    func testASecondEntryWaitsUntilTheFirstGivesItsUnitsBack() async throws {
        let gate = PriorityGate(.init(capacity: 100))
        let first = try await gate.enter(cost: 60, priority: SharedPriority(.visible))
        let second = Task { try await gate.enter(cost: 60, priority: SharedPriority(.visible)) }
        try await waitUntil("the second waits") { gate.waitingCount == 1 }
        XCTAssertEqual(gate.held, 60, "60 + 60 does not fit in 100")
        first.release()
        let pass = try await second.value
        XCTAssertEqual(pass.amount, 60)
        XCTAssertEqual(gate.peak, 60, "never both at once")
    }

    /// Slots kept for what a person looks at: tiles take the rest, the viewer's page the last.
    func testUnitsKeptForInteractiveWorkAreNeverTakenByTiles() async throws {
        let gate = PriorityGate(.init(capacity: 3, keptForInteractive: 1))
        let tiles = [try await gate.enter(priority: SharedPriority(.visible)), try await gate.enter(priority: SharedPriority(.visible))]
        let third = Task { try await gate.enter(priority: SharedPriority(.visible)) }
        try await waitUntil("the third tile waits") { gate.waitingCount == 1 }
        let page = try await gate.enter(priority: SharedPriority(.interactive))
        XCTAssertEqual(gate.held, 3, "the page went in beside two tiles")
        XCTAssertEqual(gate.waitingCount, 1, "the third tile still waits")
        page.release()
        XCTAssertEqual(gate.waitingCount, 1, "the page's place is not a tile's")
        tiles[0].release()
        _ = try await third.value
        withExtendedLifetime(tiles) {}
    }

    func testPrefetchesHoldNoMoreThanTheirLimit() async throws {
        let gate = PriorityGate(.init(capacity: 3, keptForInteractive: 1, prefetchLimit: 1))
        let neighbour = try await gate.enter(priority: SharedPriority(.prefetch))
        let second = SharedPriority(.prefetch)
        let next = Task { try await gate.enter(priority: second) }
        try await waitUntil("the second neighbour waits") { gate.waitingCount == 1 }
        let tile = try await gate.enter(priority: SharedPriority(.visible))
        XCTAssertEqual(gate.held, 2, "a tile passes a prefetch that waits for its limit")
        second.set(.interactive) // the person turned to it
        _ = try await next.value
        XCTAssertEqual(gate.held, 3)
        withExtendedLifetime((neighbour, tile)) {}
    }

    /// Read live: a waiter raised while it waits goes before those queued before it.
    func testARaisedWaiterGoesFirst() async throws {
        let scrolledTo = SharedPriority(.prefetch)
        let order = try await orderLetIn([("prefetch 1", SharedPriority(.prefetch)), ("prefetch 2", SharedPriority(.prefetch)),
                                          ("scrolled to", scrolledTo)]) { scrolledTo.set(.visible) }
        XCTAssertEqual(order, ["scrolled to", "prefetch 1", "prefetch 2"])
    }

    /// A page flicked past drops back behind the tiles on screen while it waits.
    func testAWaiterWhosePriorityDroppedWaitsBehindTheVisibleOnes() async throws {
        let flickedPast = SharedPriority(.interactive)
        let order = try await orderLetIn([("flicked past", flickedPast), ("tile", SharedPriority(.visible))]) {
            flickedPast.set(.prefetch)
        }
        XCTAssertEqual(order, ["tile", "flicked past"])
    }

    /// Queues `arrivals` one after the other behind a gate of one that is taken, runs
    /// `whileWaiting`, then frees it: the labels in the order they were let in.
    private func orderLetIn(_ arrivals: [(String, SharedPriority)], whileWaiting: () -> Void) async throws -> [String] {
        let gate = PriorityGate(.init(capacity: 1))
        let holder = try await gate.enter(priority: SharedPriority(.visible))
        let order = Recorded()
        var tasks: [Task<Void, Error>] = []
        for (label, priority) in arrivals {
            tasks.append(Task {
                let pass = try await gate.enter(priority: priority)
                order.append(label)
                pass.release()
            })
            try await waitUntil("\(label) waits") { gate.waitingCount == tasks.count }
        }
        whileWaiting()
        holder.release()
        for task in tasks { try await task.value }
        return order.labels
    }

    /// Small ones pass a large one that does not fit yet, up to the overtaking limit; then the
    /// line waits for it, so it is never starved.
    func testSmallEntriesPassALargeOneThatWaitsButOnlySoMany() async throws {
        let gate = PriorityGate(.init(capacity: 100, overtakeLimit: 2))
        let held = try await gate.enter(cost: 60, priority: SharedPriority(.visible))
        let large = Task { try await gate.enter(cost: 80, priority: SharedPriority(.visible)) }
        try await waitUntil("the large one waits") { gate.waitingCount == 1 }
        let small1 = try await gate.enter(cost: 10, priority: SharedPriority(.visible))
        let small2 = try await gate.enter(cost: 10, priority: SharedPriority(.visible))
        let small3 = Task { try await gate.enter(cost: 10, priority: SharedPriority(.visible)) }
        try await waitUntil("the third small one waits behind the large one") { gate.waitingCount == 2 }
        [held, small1, small2].forEach { $0.release() }
        let largePass = try await large.value
        XCTAssertEqual(largePass.amount, 80)
        let smallPass = try await small3.value
        XCTAssertEqual(gate.held, 90)
        withExtendedLifetime(smallPass) {}
    }

    func testACostOverWhatItsPriorityMayHoldGoesInAloneInsteadOfNever() async throws {
        let gate = PriorityGate(.init(capacity: 100, keptForInteractive: 10))
        let huge = try await gate.enter(cost: 5_000, priority: SharedPriority(.visible))
        XCTAssertEqual(huge.amount, 90, "cut to what a tile may hold")
        let next = Task { try await gate.enter(cost: 1, priority: SharedPriority(.visible)) }
        try await waitUntil("the next one waits") { gate.waitingCount == 1 }
        huge.release()
        _ = try await next.value
    }

    func testCancellingAWaiterEndsItsWaitAtOnceAndTakesNothing() async throws {
        let gate = PriorityGate(.init(capacity: 100))
        let held = try await gate.enter(cost: 100, priority: SharedPriority(.visible))
        let waiter = Task { try await gate.enter(cost: 50, priority: SharedPriority(.visible)) }
        try await waitUntil("it waits") { gate.waitingCount == 1 }
        waiter.cancel()
        let result = await waiter.result
        XCTAssertThrowsError(try result.get()) { XCTAssertEqual($0 as? LoadError, .cancelled) }
        XCTAssertEqual(gate.held, 100, "only the first holds")
        XCTAssertEqual(gate.waitingCount, 0)
        held.release()
        XCTAssertEqual(gate.held, 0)
    }

    /// A page let in with its bound gives back what its reply did not bring, and others go in.
    func testShrinkingAPassLetsTheNextIn() async throws {
        let gate = PriorityGate(.init(capacity: 100))
        let page = try await gate.enter(cost: 100, priority: SharedPriority(.interactive))
        let tile = Task { try await gate.enter(cost: 30, priority: SharedPriority(.visible)) }
        try await waitUntil("the tile waits") { gate.waitingCount == 1 }
        page.shrink(to: 20)
        _ = try await tile.value
        XCTAssertEqual(gate.held, 50)
        withExtendedLifetime(page) {}
    }

    func testAForgottenPassIsGivenBackWhenItGoesAway() async throws {
        let gate = PriorityGate(.init(capacity: 100))
        do {
            let pass = try await gate.enter(cost: 70, priority: SharedPriority(.visible))
            XCTAssertEqual(gate.held, 70)
            withExtendedLifetime(pass) {}
        }
        XCTAssertEqual(gate.held, 0)
    }

    /// A thousand waiters hold no thread: they all wait at once on a cooperative pool of a few
    /// threads, and all go in as room frees.
    func testWaitingHoldsNoThread() async throws {
        let gate = PriorityGate(.init(capacity: 1))
        let holder = try await gate.enter(priority: SharedPriority(.visible))
        let done = Recorded()
        let waiters = (0..<1000).map { index in
            Task {
                let pass = try await gate.enter(priority: SharedPriority(.visible))
                done.append("\(index)")
                pass.release()
            }
        }
        try await waitUntil("all wait") { gate.waitingCount == 1000 }
        XCTAssertEqual(gate.blockedThreadCount, 0)
        holder.release()
        for waiter in waiters { try await waiter.value }
        XCTAssertEqual(Set(done.labels).count, 1000)
    }
}

private final class Recorded: Sendable {
    private let state = Mutex<[String]>([])
    func append(_ label: String) { state.withLock { $0.append(label) } }
    var labels: [String] { state.withLock { $0 } }
}
