import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// A 10,000-line file in a real GTK window: widgets exist only near the viewport, yet every
/// scroll position shows the right entries and the keyboard reaches both ends.
final class GalleryGridScaleTests: XCTestCase {
    private static let count = 10_000

    @MainActor
    private static func makeGrid() throws -> (GalleryGrid, UnsafeMutablePointer<GtkWidget>, URL) {
        _ = GtkTestEnvironment.setUp()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("grid-scale-\(UUID().uuidString)")
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: root))
        let grid = GalleryGrid(source: repository, retries: RetryScheduler(networkMonitor: nil))
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(), 800, 600)
        gtk_window_set_child(window.cast(), grid.scrolledWindow)
        gtk_window_present(window.cast())
        // Text lines only: placeholders need no network, so the test is about layout alone.
        let lines = (1...Self.count).map { "entry \($0)" }
        let text = lines.joined(separator: "\n")
        grid.show(LinksSnapshot(entries: LinksDocument.make(from: Data(text.utf8)), confirmedAt: Date(), checksum: text))
        let laidOut = GtkTestEnvironment.spin(timeout: 10) { grid.hasSettledLayout }
        XCTAssertTrue(laidOut, "the grid was never laid out")
        return (grid, window, root)
    }

    /// The entry under a point of the viewport, found the way a click finds it.
    @MainActor
    private static func entryNumber(at x: Double, _ y: Double, in grid: GalleryGrid) -> Int? {
        var flowX = 0.0, flowY = 0.0
        guard gtk_widget_translate_coordinates(grid.scrolledWindow, grid.flowBox, x, y, &flowX, &flowY) != 0,
              let child = gtk_flow_box_get_child_at_pos(grid.flowBox.opaque, Int32(flowX), Int32(flowY)),
              let index = grid.tiles.index(of: UnsafeMutableRawPointer(child)) else { return nil }
        return Int(grid.items[index].entry.text.dropFirst("entry ".count))
    }

    func testOnlyTheRowsNearTheViewportHaveWidgets() throws {
        try MainActor.assumeIsolated {
            let (grid, window, root) = try Self.makeGrid()
            defer { gtk_window_destroy(window.cast()); try? FileManager.default.removeItem(at: root) }
            let layout = try XCTUnwrap(grid.layout)
            let children = grid.tiles.views.count
            XCTAssertGreaterThan(children, 0)
            // Half a screen of rows above and below what is visible, at most, and whole rows.
            let screenRows = Int((gtk_adjustment_get_page_size(grid.vadjustment) / layout.rowHeight).rounded(.up))
            XCTAssertLessThanOrEqual(children, (2 * screenRows + 2) * layout.columns, "\(children) children")
            XCTAssertEqual(grid.items.count, Self.count)
            // The scrolled area is as tall as all rows: the scrollbar tells the truth.
            XCTAssertEqual(gtk_adjustment_get_upper(grid.vadjustment), Double(layout.rows) * layout.rowHeight + 12, accuracy: 2)
        }
    }

    func testEveryScrollPositionShowsTheEntriesTheRowsSay() throws {
        try MainActor.assumeIsolated {
            let (grid, window, root) = try Self.makeGrid()
            defer { gtk_window_destroy(window.cast()); try? FileManager.default.removeItem(at: root) }
            let layout = try XCTUnwrap(grid.layout)
            let upper = gtk_adjustment_get_upper(grid.vadjustment), page = gtk_adjustment_get_page_size(grid.vadjustment)
            // Small steps (the wheel), a jump (the scrollbar), back up, and the very end.
            for value in [0, 40, 160, 900, 4321, upper / 2, upper / 2 - 7 * page, upper - page] {
                gtk_adjustment_set_value(grid.vadjustment, value)
                GtkTestEnvironment.spin(for: 0.15)
                let shownValue = gtk_adjustment_get_value(grid.vadjustment)
                XCTAssertEqual(shownValue, value, accuracy: 1, "the grid moved the view by itself")
                // The middle of the first fully visible row, first column.
                let row = Int(((shownValue - 6) / layout.rowHeight).rounded(.up))
                let y = 6 + Double(row) * layout.rowHeight - shownValue + layout.rowHeight / 2
                let expected = row * layout.columns + 1
                XCTAssertEqual(Self.entryNumber(at: 20, y, in: grid), expected, "scrolled to \(value)")
                // The bottom of the viewport shows tiles too (the last row may be short: first column).
                let bottomLeft = Self.entryNumber(at: 20, page - 20, in: grid)
                XCTAssertNotNil(bottomLeft, "nothing drawn at the bottom when scrolled to \(value)")
            }
            // At the end, the last entry is on screen.
            let last = grid.tiles.view(at: Self.count - 1)
            var bounds = graphene_rect_t()
            XCTAssertNotNil(last)
            if let last, gtk_widget_compute_bounds(last.child, grid.scrolledWindow, &bounds) != 0 {
                XCTAssertLessThanOrEqual(Double(bounds.origin.y + bounds.size.height), page + 1)
            }
        }
    }

    func testEndAndHomeFocusTheLastAndFirstEntries() throws {
        try MainActor.assumeIsolated {
            let (grid, window, root) = try Self.makeGrid()
            defer { gtk_window_destroy(window.cast()); try? FileManager.default.removeItem(at: root) }
            let page = gtk_adjustment_get_page_size(grid.vadjustment)
            @MainActor func focusedEntry() -> Int? {
                guard let child = gtk_widget_get_focus_child(grid.flowBox),
                      gtk_widget_has_focus(child) != 0,
                      let index = grid.tiles.index(of: UnsafeMutableRawPointer(child)) else { return nil }
                return index + 1
            }
            @MainActor func isOnScreen(_ entry: Int) -> Bool {
                guard let view = grid.tiles.view(at: entry - 1) else { return false }
                var bounds = graphene_rect_t()
                guard gtk_widget_compute_bounds(view.child, grid.scrolledWindow, &bounds) != 0 else { return false }
                return bounds.origin.y >= -1 && Double(bounds.origin.y + bounds.size.height) <= page + 1
            }
            for (target, entry) in [(Self.count - 1, Self.count), (0, 1), (5000, 5001)] {
                grid.focusItem(at: target)
                let focused = GtkTestEnvironment.spin(timeout: 3) { focusedEntry() == entry }
                XCTAssertTrue(focused, "focus is on \(String(describing: focusedEntry())), not \(entry)")
                GtkTestEnvironment.spin(for: 0.2)
                XCTAssertTrue(isOnScreen(entry), "entry \(entry) is focused but not on screen")
            }
        }
    }
}
