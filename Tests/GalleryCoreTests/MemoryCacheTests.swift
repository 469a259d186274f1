import Foundation
import Synchronization
import XCTest
@testable import GalleryCore

final class MemoryCacheTests: XCTestCase {
    func testLeastRecentlyUsedIsEvictedFirstAndReadsTouch() {
        let cache = MemoryCache<String, Int>(capacityBytes: 3)
        cache.insert(1, for: "a", cost: 1)
        cache.insert(2, for: "b", cost: 1)
        cache.insert(3, for: "c", cost: 1)
        XCTAssertEqual(cache.value(for: "a"), 1) // a is now the most recent; b the least
        cache.insert(4, for: "d", cost: 1)
        XCTAssertNil(cache.value(for: "b"))
        XCTAssertEqual(cache.value(for: "a"), 1)
        XCTAssertEqual(cache.value(for: "c"), 3)
        XCTAssertEqual(cache.value(for: "d"), 4)
        XCTAssertEqual(cache.keysByRecency, ["d", "c", "a"])
    }

    func testEvictsByCostUntilUnderCapacity() {
        let cache = MemoryCache<Int, String>(capacityBytes: 10)
        cache.insert("one", for: 1, cost: 4)
        cache.insert("two", for: 2, cost: 4)
        XCTAssertEqual(cache.totalCost, 8)
        cache.insert("big", for: 3, cost: 9) // needs both older entries gone
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.totalCost, 9)
        XCTAssertEqual(cache.value(for: 3), "big")
        XCTAssertNil(cache.value(for: 1))
        XCTAssertNil(cache.value(for: 2))
    }

    func testValueLargerThanCapacityIsNotStoredAndReplacesNothingElse() {
        let cache = MemoryCache<Int, String>(capacityBytes: 10)
        cache.insert("small", for: 1, cost: 5)
        cache.insert("huge", for: 2, cost: 11)
        XCTAssertNil(cache.value(for: 2))
        XCTAssertEqual(cache.value(for: 1), "small")
        XCTAssertEqual(cache.totalCost, 5)
    }

    func testReplacingAKeyUpdatesItsCost() {
        let cache = MemoryCache<Int, String>(capacityBytes: 100)
        cache.insert("a", for: 1, cost: 30)
        cache.insert("b", for: 1, cost: 50)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.totalCost, 50)
        XCTAssertEqual(cache.value(for: 1), "b")
    }

    func testRemoveAndRemoveAll() {
        let cache = MemoryCache<Int, Int>(capacityBytes: 100)
        for key in 0..<10 { cache.insert(key, for: key, cost: 3) }
        XCTAssertEqual(cache.removeValue(for: 4), 4)
        XCTAssertNil(cache.removeValue(for: 4))
        XCTAssertEqual(cache.count, 9)
        XCTAssertEqual(cache.totalCost, 27)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertNil(cache.value(for: 1))
        cache.insert(7, for: 7, cost: 3) // usable after removeAll, slots reused
        XCTAssertEqual(cache.keysByRecency, [7])
    }

    func testEvictedValuesAreReleased() {
        let cache = MemoryCache<Int, Tracked>(capacityBytes: 10)
        for key in 0..<100 { cache.insert(Tracked(), for: key, cost: 1) }
        XCTAssertEqual(Tracked.liveCount.load(ordering: .relaxed), 10)
        cache.removeAll()
        XCTAssertEqual(Tracked.liveCount.load(ordering: .relaxed), 0)
    }

    func testConcurrentUseFromManyTasksKeepsItConsistent() async {
        let cache = MemoryCache<Int, Int>(capacityBytes: 64)
        await withTaskGroup(of: Int.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    var mismatches = 0
                    var generator = SystemRandomNumberGenerator()
                    for step in 0..<2_000 {
                        let key = Int.random(in: 0..<128, using: &generator)
                        switch (worker + step) % 4 {
                        case 0, 1: cache.insert(key * 10, for: key, cost: 1)
                        case 2: if let value = cache.value(for: key), value != key * 10 { mismatches += 1 }
                        default: cache.removeValue(for: key)
                        }
                    }
                    return mismatches
                }
            }
            let mismatches = await group.reduce(0, +)
            XCTAssertEqual(mismatches, 0)
        }
        XCTAssertLessThanOrEqual(cache.totalCost, 64)
        XCTAssertEqual(cache.totalCost, cache.count, "every entry costs 1")
        XCTAssertEqual(Set(cache.keysByRecency).count, cache.count)
    }
}

private final class Tracked: Sendable {
    static let liveCount = Atomic<Int>(0)
    init() { Self.liveCount.add(1, ordering: .relaxed) }
    deinit { Self.liveCount.subtract(1, ordering: .relaxed) }
}
