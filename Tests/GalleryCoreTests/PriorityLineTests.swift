@testable import GalleryCore
import XCTest

/// The line every `PriorityGate` keeps: the highest priority first, arrival order within one; a
/// waiter moved to another priority keeps its place by arrival there.
final class PriorityLineTests: XCTestCase {
    func testHighestPriorityFirstThenArrivalOrder() {
        var line = PriorityLine<String>()
        line.append("prefetch 1", id: 1, priority: .prefetch)
        line.append("visible 1", id: 2, priority: .visible)
        line.append("prefetch 2", id: 3, priority: .prefetch)
        line.append("visible 2", id: 4, priority: .visible)
        line.append("page", id: 5, priority: .interactive)
        var offered: [String] = []
        let taken = line.take { job, _ in
            offered.append(job)
            return .take
        }
        XCTAssertEqual(offered, ["page", "visible 1", "visible 2", "prefetch 1", "prefetch 2"])
        XCTAssertEqual(taken.map(\.priority), [.interactive, .visible, .visible, .prefetch, .prefetch])
        XCTAssertTrue(line.isEmpty)
    }

    /// A tile scrolled into view while it waits moves ahead of the prefetches queued before it,
    /// and behind the visible tiles that arrived before it.
    func testAMovedJobKeepsItsPlaceByArrivalInItsNewLine() {
        var line = PriorityLine<Int>()
        line.append(1, id: 1, priority: .visible)
        line.append(2, id: 2, priority: .prefetch)
        line.append(3, id: 3, priority: .prefetch)
        line.append(4, id: 4, priority: .visible)
        line.move(3, to: .visible)
        XCTAssertEqual(line.take { _, _ in .take }.map(\.job), [1, 3, 4, 2])
    }

    func testPassedJobsKeepTheirPlacesAndStopKeepsEveryoneBehind() {
        var line = PriorityLine<Int>()
        for job in 1...6 { line.append(job, id: job, priority: .visible) }
        line.append(7, id: 7, priority: .prefetch)
        XCTAssertEqual(line.take { job, _ in job == 4 ? .stop : job % 2 == 0 ? .take : .pass }.map(\.job), [2])
        XCTAssertEqual(line.remove(5), 5)
        XCTAssertNil(line.remove(5), "gone already")
        XCTAssertEqual(line.take { job, _ in job == 3 ? .stopLine : .take }.map(\.job), [1, 7], "a stopped line keeps the rest")
        XCTAssertEqual(line.take { _, _ in .take }.map(\.job), [3, 4, 6])
        XCTAssertEqual(line.count, 0)
    }
}
