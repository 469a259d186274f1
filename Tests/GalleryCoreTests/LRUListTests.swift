@testable import GalleryCore
import XCTest

/// The storage behind `MemoryCache`: recency order, costs, and slots reused.
final class LRUListTests: XCTestCase {
    func testTouchMovesToTheFrontAndTheLeastRecentGoesFirst() {
        var list = LRUList<String, Int>()
        list.insertAtFront(key: "a", value: 1, cost: 10)
        list.insertAtFront(key: "b", value: 2, cost: 20)
        list.insertAtFront(key: "c", value: 3, cost: 30)
        XCTAssertEqual(list.keysFromMostRecent(), ["c", "b", "a"])
        XCTAssertEqual(list.touch("a"), 1)
        XCTAssertEqual(list.keysFromMostRecent(), ["a", "c", "b"])
        XCTAssertNil(list.touch("missing"))
        XCTAssertEqual(list.totalCost, 60)
        XCTAssertEqual(list.removeLeastRecent(), 2)
        XCTAssertEqual(list.totalCost, 40)
        XCTAssertEqual(list.keysFromMostRecent(), ["a", "c"])
    }

    func testRemovedSlotsAreReusedAndTheOrderStaysWhole() {
        var list = LRUList<Int, Int>()
        for key in 0..<100 { list.insertAtFront(key: key, value: key, cost: 1) }
        for key in stride(from: 0, to: 100, by: 2) { XCTAssertEqual(list.remove(key), key) }
        XCTAssertNil(list.remove(0), "gone already")
        for key in 100..<150 { list.insertAtFront(key: key, value: key, cost: 1) }
        XCTAssertEqual(list.count, 100)
        XCTAssertEqual(list.totalCost, 100)
        let expected = Array((100..<150).reversed()) + Array(stride(from: 99, through: 1, by: -2))
        XCTAssertEqual(list.keysFromMostRecent(), expected)
        var drained: [Int] = []
        while let value = list.removeLeastRecent() { drained.append(value) }
        XCTAssertEqual(drained, expected.reversed())
        XCTAssertEqual(list.totalCost, 0)
    }
}
