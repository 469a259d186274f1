@testable import GalleryCore
import XCTest

/// The line every `PriorityGate` keeps: the highest priority *now* is offered first, arrival
/// order within one, and the gate decides for each.
final class PriorityLineTests: XCTestCase {
    func testHighestPriorityFirstThenArrivalOrder() {
        var line = PriorityLine<String>()
        line.append("prefetch 1", priority: SharedPriority(.prefetch))
        line.append("visible 1", priority: SharedPriority(.visible))
        line.append("prefetch 2", priority: SharedPriority(.prefetch))
        line.append("visible 2", priority: SharedPriority(.visible))
        line.append("page", priority: SharedPriority(.interactive))
        var offered: [String] = []
        let taken = line.take { job, _ in
            offered.append(job)
            return .take
        }
        XCTAssertEqual(offered, ["page", "visible 1", "visible 2", "prefetch 1", "prefetch 2"])
        XCTAssertEqual(taken.map(\.priority), [.interactive, .visible, .visible, .prefetch, .prefetch])
        XCTAssertTrue(line.isEmpty)
    }

    /// A tile scrolled into view while it waits moves ahead of the prefetches queued before it.
    func testAPriorityRaisedWhileWaitingCountsAtTheNextOffer() {
        var line = PriorityLine<Int>()
        let late = SharedPriority(.prefetch)
        line.append(1, priority: SharedPriority(.prefetch))
        line.append(2, priority: SharedPriority(.visible))
        line.append(3, priority: late)
        XCTAssertEqual(line.take { _, _ in .stop }.count, 0, "stopped before the first: nobody leaves")
        late.set(.interactive)
        let first = line.take { _, _ in .stop }
        XCTAssertTrue(first.isEmpty)
        var head: Int?
        _ = line.take { job, _ in
            head = job
            return .stop
        }
        XCTAssertEqual(head, 3, "read live, not when it joined")
        XCTAssertEqual(line.take { job, _ in job == 3 ? .take : .pass }.map(\.job), [3])
        XCTAssertEqual(line.count, 2)
    }

    func testPassedJobsKeepTheirPlacesAndStopKeepsEveryoneBehind() {
        var line = PriorityLine<Int>()
        for job in 1...6 { line.append(job, priority: SharedPriority(.visible)) }
        XCTAssertEqual(line.take { job, _ in job == 4 ? .stop : job % 2 == 0 ? .take : .pass }.map(\.job), [2])
        XCTAssertEqual(line.removeAll { $0 == 5 }, [5])
        XCTAssertEqual(line.take { _, _ in .take }.map(\.job), [1, 3, 4, 6])
    }
}
