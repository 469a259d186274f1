@testable import GalleryUI
import XCTest

/// The arithmetic that places entries the grid has no widgets for.
final class GridLayoutTests: XCTestCase {
    private let layout = GridLayout(count: 10_000, columns: 9, rowHeight: 100)

    func testRowsAreCountedWithTheShortLastRow() {
        XCTAssertEqual(layout.rows, 1112) // 1111 full rows of 9 and one of 1
        XCTAssertEqual(layout.row(of: 9999), 1111)
        XCTAssertEqual(layout.indices(ofRows: 1111..<1112), 9999..<10_000)
        XCTAssertEqual(GridLayout(count: 0, columns: 9, rowHeight: 100).rows, 0)
    }

    func testTheRowsOnScreenIncludePartlyVisibleOnesAndStopAtTheEnds() {
        XCTAssertEqual(layout.rows(from: 0, to: 600), 0..<6)
        XCTAssertEqual(layout.rows(from: 50, to: 650), 0..<7, "half rows at both edges count")
        XCTAssertEqual(layout.rows(from: -40, to: 10), 0..<1, "overscroll above the first row")
        XCTAssertEqual(layout.rows(from: 111_000, to: 111_600), 1110..<1112, "clamped to the last row")
    }

    func testTheMaterializedRowsStayPutUntilHalfAScreenOfBufferIsLeft() {
        let first = layout.materializedRows(current: 0..<0, visible: 100..<106, rowsPerScreen: 6)
        XCTAssertEqual(first, 94..<112, "one screen above and below")
        // Two rows further: three rows of buffer are left above and below, nothing moves.
        XCTAssertEqual(layout.materializedRows(current: first, visible: 102..<108, rowsPerScreen: 6), first)
        // Four rows further: only two are left below, so the range recentres.
        XCTAssertEqual(layout.materializedRows(current: first, visible: 104..<110, rowsPerScreen: 6), 98..<116)
        // A jump (End, the scrollbar) replaces the range, clamped to the grid.
        XCTAssertEqual(layout.materializedRows(current: first, visible: 1106..<1112, rowsPerScreen: 6), 1100..<1112)
        XCTAssertEqual(layout.materializedRows(current: 1100..<1112, visible: 1106..<1112, rowsPerScreen: 6), 1100..<1112)
    }

    func testAnOversizedRangeShrinks() {
        // A first guess before layout may hold far more rows than the screen needs.
        XCTAssertEqual(layout.materializedRows(current: 0..<40, visible: 0..<3, rowsPerScreen: 3), 0..<6)
    }
}
