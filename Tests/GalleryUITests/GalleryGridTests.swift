import CGtk
import Foundation
import GObjectSupport
import GalleryCore
import GalleryTestSupport
@testable import GalleryUI
import XCTest

/// The grid in a real GTK window under Xvfb, fed from the fixture server.
final class GalleryGridTests: XCTestCase {
    private var cacheRoot: URL!

    override func setUpWithError() throws {
                cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("grid-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: cacheRoot)
    }

    /// The lines as the app parses them from a links file.
    /// A list as the app gets it: its checksum names its content (here the text itself).
    private static func entries(_ lines: [String]) -> LinksSnapshot {
        let text = lines.joined(separator: "\n")
        return LinksSnapshot(entries: LinksDocument.make(from: Data(text.utf8)), confirmedAt: Date(), checksum: text)
    }

    @MainActor
    private static func makeGrid(cacheRoot: URL, width: Int32, height: Int32 = 600, present: Bool = true,
                                 tileTiming: TileTiming = TileTiming()) throws -> (GalleryGrid, UnsafeMutablePointer<GtkWidget>) {
        _ = GtkTestEnvironment.setUp()
        let http = HTTPClient()
        let repository = ImageRepository(http: http, directories: try CacheDirectories(root: cacheRoot))
        let grid = GalleryGrid(source: repository, retries: RetryScheduler(networkMonitor: nil), tileTiming: tileTiming)
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(), width, height)
        gtk_window_set_child(window.cast(), grid.scrolledWindow)
        if present { gtk_window_present(window.cast()) }
        return (grid, window)
    }

    @MainActor
    private static func columns(of grid: GalleryGrid) -> (count: Int, width: Double) {
        var firstRowY: Float?
        var count = 0
        var width = 0.0
        for view in grid.tiles.views {
            var rect = graphene_rect_t()
            guard gtk_widget_compute_bounds(view.child, grid.flowBox, &rect) != 0 else { break }
            if firstRowY == nil { firstRowY = rect.origin.y }
            guard rect.origin.y == firstRowY else { break }
            count += 1
            width = Double(rect.size.width)
        }
        return (count, width)
    }

    /// The height of the grid's first cell as laid out.
    @MainActor
    private static func firstCellHeight(of grid: GalleryGrid) -> Double {
        var rect = graphene_rect_t()
        _ = gtk_widget_compute_bounds(grid.tiles.views[0].child, grid.flowBox, &rect)
        return Double(rect.size.height)
    }

    func testFixtureLinksBecomeTilesInFileOrderWithTheirKinds() throws {
        let server = try FixtureServer.shared()
        let lines = [
            server.url("/img/400x300.jpg").absoluteString,
            "not a link at all",
            server.url("/html/page").absoluteString,
            server.url("/img?w=120&h=90&fmt=png&seed=9").absoluteString,
            server.url("/lying/html-as.jpg").absoluteString,
        ]
        let entries = Self.entries(lines)
        let root: URL = cacheRoot
        try MainActor.assumeIsolated {
            let (grid, window) = try Self.makeGrid(cacheRoot: root, width: 800)
            defer { gtk_window_destroy(window.cast()) }
            grid.show(entries)
            let settled = GtkTestEnvironment.spin(timeout: 20) {
                grid.items.allSatisfy(\.state.isSettled)
            }
            XCTAssertTrue(settled, "tiles did not finish loading: \(grid.items.map(\.state))")
            XCTAssertEqual(grid.items.map(\.entry.text), lines)
            XCTAssertEqual(grid.items.map(\.state), [.loaded, .invalid, .notImage, .loaded, .notImage])
            XCTAssertEqual(grid.items[0].accessibleName, "Image \(lines[0])")
            XCTAssertEqual(grid.items[1].accessibleName, "Invalid entry: line 2, not a link at all")
            XCTAssertEqual(grid.items[4].accessibleName, "Not an image: line 5, \(lines[4])")
        }
    }

    func testEveryTileStateIsReachedAndNamed() throws {
        let server = try FixtureServer.shared()
        let slow = server.url("/fault/slow/5000/img/90x90.png?tag=\(FixtureServer.uniqueTag())").absoluteString
        let lines = [
            server.url("/img/200x150.png").absoluteString,
            slow,
            server.url("/fault/404").absoluteString,
            "http://127.0.0.1:9/closed-port.png",
            server.url("/html/page").absoluteString,
            "ftp://example.com/picture.jpg",
        ]
        let entries = Self.entries(lines)
        let root: URL = cacheRoot
        try MainActor.assumeIsolated {
            let (grid, window) = try Self.makeGrid(cacheRoot: root, width: 800)
            defer { gtk_window_destroy(window.cast()) }
            grid.show(entries)
            let settled = GtkTestEnvironment.spin(timeout: 10) {
                grid.items.enumerated().allSatisfy { index, tile in index == 1 || tile.state.isSettled }
            }
            XCTAssertTrue(settled, "\(grid.items.map(\.state))")
            XCTAssertEqual(grid.items.map(\.state), [
                .loaded, .loading, .failed(.serverError(status: 404)), .failed(.noConnection), .notImage, .invalid,
            ])
            XCTAssertTrue(grid.items[3].state.isOffline)
            XCTAssertEqual(grid.items[1].accessibleName, "Image \(slow) (loading)")
            XCTAssertEqual(grid.items[2].accessibleName, "Image \(lines[2]) (Not found (404))")
            XCTAssertEqual(grid.items[3].accessibleName, "Image \(lines[3]) (Not loaded)")
            XCTAssertEqual(grid.items[5].accessibleName, "Invalid entry: line 6, \(lines[5])")

            // Scrolled far away, a loading tile gives up its transfer and goes back to idle.
            grid.planner.update(visible: 0..<1, near: 0..<1)
            XCTAssertEqual(grid.items[1].state, .idle)
        }
    }

    func testANewListKeepsTheScrollPositionAndTheTilesThatDidNotChange() throws {
        let lines = (1...300).map { "entry \($0)" }
        let before = Self.entries(lines)
        let after = Self.entries(lines + ["entry 301"])
        let root: URL = cacheRoot
        try MainActor.assumeIsolated {
            let (grid, window) = try Self.makeGrid(cacheRoot: root, width: 800, height: 500)
            defer { gtk_window_destroy(window.cast()) }
            grid.show(before)
            let vadjustment = gtk_scrolled_window_get_vadjustment(grid.scrolledWindow.opaque)!
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { grid.hasSettledLayout && gtk_adjustment_get_upper(vadjustment) > 2000 })
            gtk_adjustment_set_value(vadjustment, 1500)
            GtkTestEnvironment.spin(for: 0.2)
            let firstItem = grid.items[0]

            grid.show(after)
            GtkTestEnvironment.spin(for: 0.3)
            XCTAssertEqual(grid.items.count, 301)
            XCTAssertTrue(grid.items[0] === firstItem, "unchanged lines keep their tiles (and thumbnails)")
            XCTAssertEqual(gtk_adjustment_get_value(vadjustment), 1500, accuracy: 1)
        }
    }

    func testATileThatMovesInANewListStillShowsItsImageArriving() throws {
        let server = try FixtureServer.shared()
        let slow = server.url("/fault/slow/800/img/90x90.png?tag=\(FixtureServer.uniqueTag())").absoluteString
        let other = server.url("/img/120x90.png?tag=\(FixtureServer.uniqueTag())").absoluteString
        let root: URL = cacheRoot
        try MainActor.assumeIsolated {
            let (grid, window) = try Self.makeGrid(cacheRoot: root, width: 800)
            defer { gtk_window_destroy(window.cast()) }
            grid.show(Self.entries(["a first line", slow, other]))
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { grid.items[1].state == .loading })
            let moving = grid.items[1]
            // The first line goes away while the image is still loading: every view now shows
            // another entry, and the view the image moved to must still hear about it.
            grid.show(Self.entries([slow, other]))
            XCTAssertTrue(grid.items[0] === moving, "the loading item is kept")
            XCTAssertEqual(moving.entry.lineNumber, 1)
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { moving.state == .loaded }, "\(moving.state)")
            GtkTestEnvironment.spin(for: 0.1)
            let view = try XCTUnwrap(grid.tiles.view(at: 0))
            XCTAssertTrue(view.item === moving)
            XCTAssertEqual(gtk_widget_has_css_class(view.child, "loading"), 0, "the moved tile still shows a spinner")
        }
    }

    /// A thumbnail the person waited for fades in over the tile's background; one that was
    /// ready before its tile was painted, or came from the cache soon after, is there at once;
    /// an opaque picture drops the background under it (one layer less to draw per frame).
    func testOnlyAThumbnailThePersonWaitedForFadesIn() throws {
        let server = try FixtureServer.shared()
        let slowPath = "/fault/slow/600/img/120x90.jpg?tag=\(FixtureServer.uniqueTag())"
        let slow = server.url(slowPath).absoluteString
        let alsoSlow = server.url("/fault/slow/600/img/90x120.jpg?tag=\(FixtureServer.uniqueTag())").absoluteString
        let root: URL = cacheRoot
        try MainActor.assumeIsolated {
            let (grid, window) = try Self.makeGrid(cacheRoot: root, width: 800)
            defer { gtk_window_destroy(window.cast()) }
            grid.show(Self.entries([slow]))
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { grid.items[0].state == .loaded }, "\(grid.items[0].state)")
            let waited = try XCTUnwrap(grid.tiles.view(at: 0))
            let picture = try XCTUnwrap(waited.picture)
            XCTAssertEqual(gtk_widget_has_css_class(picture, "loaded"), 0, "a downloaded thumbnail starts its fade transparent")
            XCTAssertEqual(gtk_widget_has_css_class(waited.child, "covered"), 0, "the background stays during the fade")
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 2) {
                gtk_widget_has_css_class(picture, "loaded") != 0 && gtk_widget_has_css_class(waited.child, "covered") != 0
            }, "the fade ends with the picture shown over no background")
        }
        try MainActor.assumeIsolated {
            // The same 600 ms wait under a longer threshold: no fade, so the threshold decides.
            let (grid, window) = try Self.makeGrid(cacheRoot: root, width: 800, tileTiming: TileTiming(fadeInAfterWait: .seconds(10)))
            defer { gtk_window_destroy(window.cast()) }
            grid.show(Self.entries([alsoSlow]))
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { grid.items[0].state == .loaded }, "\(grid.items[0].state)")
            let view = try XCTUnwrap(grid.tiles.view(at: 0))
            XCTAssertNotEqual(gtk_widget_has_css_class(try XCTUnwrap(view.picture), "loaded"), 0, "no fade under the threshold")
        }
        try MainActor.assumeIsolated {
            // A start from the cache: the window is painted first, then the thumbnail comes
            // from disk (no second request) within the threshold and appears without a fade.
            let (grid, window) = try Self.makeGrid(cacheRoot: root, width: 800)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { gtk_widget_get_mapped(grid.scrolledWindow) != 0 })
            GtkTestEnvironment.spin(for: 0.1)
            grid.show(Self.entries([slow]))
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { grid.items[0].state == .loaded }, "\(grid.items[0].state)")
            let view = try XCTUnwrap(grid.tiles.view(at: 0))
            XCTAssertNotEqual(gtk_widget_has_css_class(try XCTUnwrap(view.picture), "loaded"), 0, "no fade from the cache")
            XCTAssertNotEqual(gtk_widget_has_css_class(view.child, "covered"), 0)
            var requests: Int?
            Task { requests = try? await server.requestCount(path: slowPath) }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { requests != nil })
            XCTAssertEqual(requests, 1, "read from the disk cache, not downloaded again")
        }
        try MainActor.assumeIsolated {
            // Read from disk before the window is shown, as the app does for up to 150 ms.
            _ = GtkTestEnvironment.setUp()
            let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: root))
            let grid = GalleryGrid(source: repository, retries: RetryScheduler(networkMonitor: nil))
            let window = gtk_window_new()!
            defer { gtk_window_destroy(window.cast()) }
            gtk_window_set_default_size(window.cast(), 800, 600)
            gtk_window_set_child(window.cast(), grid.scrolledWindow)
            grid.show(Self.entries([slow]))
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { grid.items[0].state == .loaded }, "\(grid.items[0].state)")
            gtk_window_present(window.cast())
            GtkTestEnvironment.spin(for: 0.05)
            let view = try XCTUnwrap(grid.tiles.view(at: 0))
            XCTAssertNotEqual(gtk_widget_get_mapped(view.child), 0)
            XCTAssertNotEqual(gtk_widget_has_css_class(try XCTUnwrap(view.picture), "loaded"), 0, "no fade before the first paint")
            XCTAssertNotEqual(gtk_widget_has_css_class(view.child, "covered"), 0)
        }
    }

    func testColumnsReflowSoCellsStayBetween100And120Pixels() throws {
        let entries = Self.entries((1...60).map { "entry \($0)" })
        let root: URL = cacheRoot
        try MainActor.assumeIsolated {
            for width: Int32 in [555, 700, 900, 1024, 1200, 1920] {
                let (grid, window) = try Self.makeGrid(cacheRoot: root, width: width)
                defer { gtk_window_destroy(window.cast()) }
                grid.show(entries)
                // Wait for the first real allocation: before it every child reports a few pixels.
                GtkTestEnvironment.spin(timeout: 5) {
                    let (count, cellWidth) = Self.columns(of: grid)
                    return count > 0 && cellWidth >= Double(TileView.naturalSize) - 10
                        && abs(Self.firstCellHeight(of: grid) - cellWidth) < 1.5
                }
                let (count, cellWidth) = Self.columns(of: grid)
                XCTAssertGreaterThanOrEqual(count, 5, "width \(width)")
                XCTAssertGreaterThanOrEqual(cellWidth, 100, "width \(width): \(count) columns of \(cellWidth)")
                XCTAssertLessThanOrEqual(cellWidth, 120, "width \(width): \(count) columns of \(cellWidth)")
                // Cells are square: the height follows the column width.
                XCTAssertEqual(Self.firstCellHeight(of: grid), cellWidth, accuracy: 1.5, "width \(width)")
            }
        }
    }

    func testTheFirstFrameAlreadyHasSquareCellsInTheColumnsTheGridKeeps() throws {
        let entries = Self.entries((1...60).map { "entry \($0)" })
        let root: URL = cacheRoot
        try MainActor.assumeIsolated {
            for width: Int32 in [555, 1200, 1920] {
                let (grid, window) = try Self.makeGrid(cacheRoot: root, width: width, present: false)
                defer { gtk_window_destroy(window.cast()) }
                grid.show(entries)
                var firstFrame: (columns: Int, cellWidth: Double, cellHeight: Double)?
                Signal.connectOnce(window, .map) {
                    guard let clock = gtk_widget_get_frame_clock(window) else { return }
                    Signal.connectOnce(clock, .afterPaint) {
                        let (count, cellWidth) = Self.columns(of: grid)
                        firstFrame = (count, cellWidth, Self.firstCellHeight(of: grid))
                    }
                }
                gtk_window_present(window.cast())
                XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { firstFrame != nil }, "width \(width): no frame painted")
                GtkTestEnvironment.spin(for: 0.3)
                let first = try XCTUnwrap(firstFrame)
                let (count, cellWidth) = Self.columns(of: grid)
                XCTAssertEqual(first.columns, count, "width \(width): the columns changed after the first frame")
                XCTAssertEqual(first.cellWidth, cellWidth, accuracy: 0.5, "width \(width)")
                XCTAssertGreaterThanOrEqual(first.cellWidth, 100, "width \(width)")
                XCTAssertEqual(first.cellHeight, first.cellWidth, accuracy: 1, "width \(width): oblong cells in the first frame")
            }
        }
    }
}
