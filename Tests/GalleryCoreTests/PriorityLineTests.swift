@testable import GalleryCore
import XCTest

/// The one waiting line of the HTTP queue, the decode pools and the originals' budget: the
/// highest priority *now* goes first, arrival order within one.
final class PriorityLineTests: XCTestCase {
    func testHighestPriorityFirstThenArrivalOrder() {
        var line = PriorityLine<String>()
        line.append("prefetch 1", priority: SharedPriority(.prefetch))
        line.append("visible 1", priority: SharedPriority(.visible))
        line.append("prefetch 2", priority: SharedPriority(.prefetch))
        line.append("visible 2", priority: SharedPriority(.visible))
        line.append("page", priority: SharedPriority(.interactive))
        XCTAssertEqual(line.highestPriority, .interactive)
        var order: [String] = []
        while let next = line.removeNext() { order.append(next) }
        XCTAssertEqual(order, ["page", "visible 1", "visible 2", "prefetch 1", "prefetch 2"])
        XCTAssertTrue(line.isEmpty)
        XCTAssertNil(line.highestPriority)
    }

    /// A tile scrolled into view while it waits moves ahead of the prefetches queued before it.
    func testAPriorityRaisedWhileWaitingCountsAtOnce() {
        var line = PriorityLine<Int>()
        let late = SharedPriority(.prefetch)
        line.append(1, priority: SharedPriority(.prefetch))
        line.append(2, priority: SharedPriority(.visible))
        line.append(3, priority: late)
        XCTAssertEqual(line.next, 2)
        late.set(.interactive)
        XCTAssertEqual(line.next, 3, "read live, not when it joined")
        XCTAssertEqual(line.removeNext(), 3)
        XCTAssertEqual(line.count, 2)
    }

    func testRemovingWaitersLeavesTheRestInOrder() {
        var line = PriorityLine<Int>()
        for job in 1...6 { line.append(job, priority: SharedPriority(.visible)) }
        XCTAssertEqual(line.removeAll { $0 % 2 == 0 }, [2, 4, 6])
        XCTAssertEqual([line.removeNext(), line.removeNext(), line.removeNext(), line.removeNext()], [1, 3, 5, nil])
    }
}
