import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// The filter over the grid's list: by address text and by kind, counted for the subtitle,
/// without asking the source again for what it already gave, and loading what is now on
/// screen first.
final class TileFilterTests: XCTestCase {
    @MainActor
    private struct Setup {
        let list = TileList()
        let source = FakeThumbnailSource()
        let planner: ThumbnailLoadPlanner
        let lines = [
            "https://cats.example.invalid/tabby.png", "plain words about cats",
            "https://dogs.example.invalid/beagle.png", "https://CATS.example.invalid/Siamese.JPG",
            "https://dogs.example.invalid/about.html", "https://cats.example.invalid/broken.png",
        ]

        init() {
            MainLoopBridge.install()
            planner = ThumbnailLoadPlanner(list: list, source: source, retries: RetryScheduler(networkMonitor: nil))
            _ = list.replace(with: LinksDocument.make(from: Data(lines.joined(separator: "\n").utf8)))
        }

        var shownLines: [String] { list.items.map(\.entry.text) }

        func settle(_ condition: @MainActor () -> Bool) {
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 60, until: condition))
        }
    }

    func testTextMatchesTheLineIgnoringCaseAndTheCountsSaySoMany() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.list.show(TileFilter(text: "Cats"))
            XCTAssertEqual(setup.shownLines, [setup.lines[0], setup.lines[1], setup.lines[3], setup.lines[5]])
            XCTAssertEqual(setup.list.items.map(\.index), [0, 1, 2, 3], "positions among the tiles shown")
            XCTAssertEqual(setup.list.all[2].index, GridItem.hidden)
            XCTAssertEqual(setup.list.items.count, 4)
            XCTAssertEqual(setup.list.counts.total, 6, "the counts are the whole list's")
            setup.list.show(TileFilter())
            XCTAssertEqual(setup.shownLines, setup.lines)
            XCTAssertEqual(setup.list.items.count, 6)
        }
    }

    /// A letter more that leaves the same tiles changes nothing the grid must redo.
    func testAFilterThatShowsTheSameTilesSaysSo() {
        MainActor.assumeIsolated {
            let setup = Setup()
            XCTAssertTrue(setup.list.show(TileFilter(text: "dogs")))
            XCTAssertFalse(setup.list.show(TileFilter(text: "dogs.")), "the same two tiles")
            XCTAssertTrue(setup.list.show(TileFilter(text: "dogs.example.invalid/b")))
        }
    }

    func testKindsPicturesFailedAndNotPictures() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<6, near: 0..<6)
            setup.settle { setup.source.requests.count == 4 }
            for url in setup.source.requests.map(\.url) {
                setup.source.complete(url, with: url.lastPathComponent == "broken.png" ? .failure(.damaged) : .success(FakeThumbnailSource.image()))
            }
            setup.settle { setup.list.counts.allSettled }

            setup.list.show(TileFilter(kind: .pictures))
            XCTAssertEqual(setup.shownLines, [setup.lines[0], setup.lines[2], setup.lines[3], setup.lines[5]])
            setup.list.show(TileFilter(kind: .failed))
            XCTAssertEqual(setup.shownLines, [setup.lines[5]])
            setup.list.show(TileFilter(kind: .notPictures))
            XCTAssertEqual(setup.shownLines, [setup.lines[1], setup.lines[4]])
            setup.list.show(TileFilter(text: "dogs", kind: .notPictures))
            XCTAssertEqual(setup.shownLines, [setup.lines[4]])
        }
    }

    /// "Failed" knows only the links tried: the list counts the others, and a tile that loaded
    /// and was let go far away stays tried.
    func testTheListCountsTheLinksNotTriedYet() {
        MainActor.assumeIsolated {
            let setup = Setup()
            XCTAssertEqual(setup.list.untriedCount, 4, "four image links, two placeholders")
            setup.planner.update(visible: 0..<3, near: 0..<3)
            setup.settle { setup.source.requests.count == 2 }
            for url in setup.source.requests.map(\.url) { setup.source.complete(url, with: .failure(.damaged)) }
            setup.settle { setup.list.untriedCount == 2 }
            setup.planner.update(visible: 3..<6, near: 3..<6) // the first ones go far away
            XCTAssertEqual(setup.list.all[0].state, .failed(.damaged), "a failure stays")
            XCTAssertTrue(setup.list.all[0].wasTried)
        }
    }

    /// Filtering shows what the tiles already have: nothing is asked for again, and a tile that
    /// a filter hid and showed again keeps its thumbnail while it was near.
    func testFilteringAsksTheSourceForNothingAgain() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<6, near: 0..<6)
            setup.settle { setup.source.requests.count == 4 }
            for url in setup.source.requests.map(\.url) { setup.source.complete(url, with: .success(FakeThumbnailSource.image())) }
            setup.settle { setup.list.counts.allSettled }
            for url in setup.source.requests.map(\.url) { setup.source.cache(url) }

            setup.list.show(TileFilter(text: "dogs"))
            setup.planner.update(visible: setup.list.items.indices, near: setup.list.items.indices)
            setup.list.show(TileFilter())
            setup.planner.update(visible: 0..<6, near: 0..<6)
            XCTAssertEqual(setup.source.requests.count, 4, "every thumbnail came from memory, none was fetched again")
            XCTAssertTrue(setup.list.items.filter(\.isImageLink).allSatisfy { $0.state == .loaded })
        }
    }

    /// The tiles a filter brings on screen load at the visible priority; those it hid stop.
    func testTheTilesNowShownLoadFirstAndTheHiddenOnesStop() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<2, near: 0..<2) // tabby loads; the rest wait further away
            setup.settle { setup.source.requests.count == 1 }
            setup.list.show(TileFilter(text: "siamese"))
            setup.planner.update(visible: 0..<1, near: 0..<1)
            setup.settle { setup.source.requests.count == 2 }
            let siamese = setup.list.items[0].url!
            XCTAssertEqual(setup.source.currentPriority(of: siamese), .visible)
            XCTAssertEqual(setup.list.all[0].state, .idle, "the hidden tile's load was let go")
        }
    }
}
