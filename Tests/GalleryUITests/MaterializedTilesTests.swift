import CGtk
import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// The FlowBox and the list of views that stand for it must never disagree: a click, a
/// tooltip or a menu finds its entry by the child's position.
final class MaterializedTilesTests: XCTestCase {
    func testMovingPastBothEndsAtOnceRemovesEveryLeavingViewEvenTheFocusedOne() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let lines = (1...100).map { "entry \($0)" }
            let items = LinksDocument.make(from: Data(lines.joined(separator: "\n").utf8))
                .enumerated().map { GridItem(entry: $1, index: $0) }
            let flowBox = gtk_flow_box_new()!
            let tiles = MaterializedTiles(flowBox: flowBox)
            tiles.bind = { view, index in view.bind(items[index]) }
            let window = gtk_window_new()!
            defer { gtk_window_destroy(window.cast()); tiles.disposeAll() }
            gtk_window_set_child(window.cast(), tiles.content)
            gtk_window_present(window.cast())

            tiles.show(0..<60, heightAbove: 0, heightBelow: 0)
            GtkTestEnvironment.spin(for: 0.2)
            // The focused tile is in the part that goes first; the end goes too.
            gtk_widget_grab_focus(tiles.views[5].child)
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 2) { gtk_widget_get_focus_child(flowBox) == tiles.views[5].child })
            let lostFocus = tiles.show(20..<40, heightAbove: 2000, heightBelow: 6000)

            XCTAssertTrue(lostFocus)
            var children: [UnsafeMutablePointer<GtkWidget>] = []
            var child = gtk_widget_get_first_child(flowBox)
            while let current = child {
                children.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
            XCTAssertEqual(children.count, 20, "views left behind in the FlowBox")
            XCTAssertEqual(children, tiles.views.map(\.child))
            XCTAssertEqual(tiles.views.map { $0.item?.entry.text }, (21...40).map { "entry \($0)" })
            XCTAssertEqual(tiles.index(of: UnsafeMutableRawPointer(children[0])), 20)
        }
    }
}
