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

    func testTheMaterializedRowsStayPutUntilAQuarterScreenOfBufferIsLeft() {
        let first = layout.materializedRows(current: 0..<0, visible: 100..<106, rowsPerScreen: 6)
        XCTAssertEqual(first, 97..<109, "half a screen above and below")
        // One row further: two rows of buffer are left below, nothing moves.
        XCTAssertEqual(layout.materializedRows(current: first, visible: 101..<107, rowsPerScreen: 6), first)
        // Three rows further: none is left below, so the range recentres.
        XCTAssertEqual(layout.materializedRows(current: first, visible: 103..<109, rowsPerScreen: 6), 100..<112)
        // A jump (End, the scrollbar) replaces the range, clamped to the grid.
        XCTAssertEqual(layout.materializedRows(current: first, visible: 1106..<1112, rowsPerScreen: 6), 1103..<1112)
        XCTAssertEqual(layout.materializedRows(current: 1103..<1112, visible: 1106..<1112, rowsPerScreen: 6), 1103..<1112)
    }

    func testAnOversizedRangeShrinks() {
        // A first guess before layout may hold far more rows than the screen needs.
        XCTAssertEqual(layout.materializedRows(current: 0..<40, visible: 0..<3, rowsPerScreen: 3), 0..<5)
    }
}
