import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// The selection model: toggles, Shift ranges in the order shown, Select All of what a filter
/// shows, and a list or filter that changes while tiles are selected.
final class TileSelectionTests: XCTestCase {
    func testAToggleSelectsAndUnselectsAndSetsTheAnchor() {
        var selection = TileSelection()
        selection.toggle(7)
        selection.toggle(3)
        XCTAssertEqual(selection.ids, [7, 3])
        XCTAssertEqual(selection.anchor, 3)
        selection.toggle(7)
        XCTAssertEqual(selection.ids, [3])
        XCTAssertEqual(selection.anchor, 7, "the last tile touched is where a range starts, selected or not")
    }

    func testARangeRunsFromTheAnchorInTheOrderShownEitherWay() {
        let order = [10, 11, 12, 13, 14, 15]
        var selection = TileSelection()
        selection.toggle(12)
        selection.extend(to: 14, in: order)
        XCTAssertEqual(selection.ids, [12, 13, 14])
        selection.extend(to: 10, in: order)
        XCTAssertEqual(selection.ids, [10, 11, 12, 13, 14], "a second Shift+click measures from the same anchor")
        XCTAssertEqual(selection.anchor, 12)
    }

    func testARangeFollowsTheFilteredOrderNotTheList() {
        // A filter shows 20, 23 and 27 of a longer list: the range between two is what is shown.
        var selection = TileSelection()
        selection.toggle(20)
        selection.extend(to: 27, in: [20, 23, 27])
        XCTAssertEqual(selection.ids, [20, 23, 27])
    }

    func testARangeWithoutAnAnchorStillShownSelectsOneTile() {
        var selection = TileSelection()
        selection.toggle(5)
        selection.keepOnly([6, 7]) // a filter took the anchor away
        XCTAssertNil(selection.anchor)
        selection.extend(to: 7, in: [6, 7])
        XCTAssertEqual(selection.ids, [7])
    }

    func testSelectAllTakesWhatIsShownAndClearForgetsEverything() {
        var selection = TileSelection()
        selection.selectAll([1, 2, 3])
        XCTAssertEqual(selection.count, 3)
        selection.clear()
        XCTAssertTrue(selection.isEmpty)
        XCTAssertNil(selection.anchor)
    }

    /// A new list keeps the items of lines still there (by id): their selection stays, the
    /// others' goes; the grid then reports the new count.
    func testAListThatChangesWhileSelectedKeepsTheLinesThatStayed() {
        MainActor.assumeIsolated {
            let list = TileList()
            let lines = (0..<5).map { "https://pictures.example.invalid/\($0).png" }
            _ = list.replace(with: LinksDocument.make(from: Data(lines.joined(separator: "\n").utf8)))
            var selection = TileSelection()
            for item in list.items where [1, 3, 4].contains(item.index) { selection.toggle(item.id) }
            let kept = (list.items[1].id, list.items[3].id)

            // Line 4 left the file, a new line came in front: 1 and 3 moved but are the same tiles.
            let newLines = ["https://pictures.example.invalid/new.png"] + lines.prefix(4)
            _ = list.replace(with: LinksDocument.make(from: Data(newLines.joined(separator: "\n").utf8)))
            selection.keepOnly(Set(list.items.map(\.id)))
            XCTAssertEqual(selection.ids, [kept.0, kept.1])
            XCTAssertEqual(list.items.filter { selection.contains($0.id) }.map(\.index), [2, 4])
        }
    }
}
