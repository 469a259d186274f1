@testable import GalleryUI
import XCTest

final class PagingModelTests: XCTestCase {
    func testMovesInOrderAndStopsAtTheEnds() {
        var paging = PagingModel(count: 3, index: 0)
        XCTAssertFalse(paging.hasPrevious)
        XCTAssertFalse(paging.previous())
        XCTAssertEqual(paging.index, 0)
        XCTAssertTrue(paging.next())
        XCTAssertTrue(paging.next())
        XCTAssertEqual(paging.index, 2)
        XCTAssertFalse(paging.hasNext)
        XCTAssertFalse(paging.next())
        XCTAssertEqual(paging.index, 2)
        XCTAssertTrue(paging.first())
        XCTAssertEqual(paging.index, 0)
        XCTAssertFalse(paging.first(), "already there: no change")
        XCTAssertTrue(paging.last())
        XCTAssertEqual(paging.index, 2)
        XCTAssertFalse(paging.go(to: 7))
        XCTAssertFalse(paging.go(to: -1))
    }

    func testStartIndexIsClampedIntoTheList() {
        XCTAssertEqual(PagingModel(count: 5, index: 9).index, 4)
        XCTAssertEqual(PagingModel(count: 5, index: -3).index, 0)
    }

    func testPrefetchesTwoNeighboursOnEachSideNearestFirst() {
        let middle = PagingModel(count: 5, index: 2)
        XCTAssertEqual(middle.prefetchIndices, [3, 1, 4, 0])
        XCTAssertEqual(Array(middle.keptIndices), [0, 1, 2, 3, 4])

        let start = PagingModel(count: 10, index: 0)
        XCTAssertEqual(start.prefetchIndices, [1, 2])
        XCTAssertEqual(Array(start.keptIndices), [0, 1, 2])
        XCTAssertFalse(start.keeps(3))

        let end = PagingModel(count: 10, index: 9)
        XCTAssertEqual(end.prefetchIndices, [8, 7])
        XCTAssertEqual(Array(end.keptIndices), [7, 8, 9])
    }

    func testKeepWindowMovesWithThePage() {
        var paging = PagingModel(count: 20, index: 10)
        XCTAssertEqual(Array(paging.keptIndices), [8, 9, 10, 11, 12])
        paging.next()
        XCTAssertFalse(paging.keeps(8))
        XCTAssertTrue(paging.keeps(13))
    }

    func testEmptyAndSingleLists() {
        let empty = PagingModel(count: 0, index: 0)
        XCTAssertTrue(empty.keptIndices.isEmpty)
        XCTAssertTrue(empty.prefetchIndices.isEmpty)
        XCTAssertFalse(empty.hasNext)
        var single = PagingModel(count: 1, index: 0)
        XCTAssertFalse(single.next())
        XCTAssertTrue(single.prefetchIndices.isEmpty)
        XCTAssertEqual(Array(single.keptIndices), [0])
    }
}
