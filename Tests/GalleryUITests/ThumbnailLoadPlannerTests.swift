import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// The planner's decisions, with a thumbnail source the test answers by hand: no server, no
/// display, no wall clock (retries are fired the way a returning network fires them).
final class ThumbnailLoadPlannerTests: XCTestCase {
    @MainActor
    private struct Setup {
        let list = TileList()
        let source = FakeThumbnailSource()
        let retries = RetryScheduler(networkMonitor: nil)
        let planner: ThumbnailLoadPlanner
        let urls: [URL]

        /// Image links at 0, 2, 3, 4 and 5, a line of plain text at 1.
        init() {
            MainLoopBridge.install()
            urls = (0..<6).map { URL(string: "https://thumbs.example.invalid/\($0).png")! }
            let lines = urls.enumerated().map { $0.offset == 1 ? "plain words" : $0.element.absoluteString }
            planner = ThumbnailLoadPlanner(list: list, source: source, retries: retries)
            _ = list.replace(with: LinksDocument.make(from: Data(lines.joined(separator: "\n").utf8)))
        }

        var states: [TileState] { list.items.map(\.state) }

        /// Lets the answer reach the main actor.
        func settle(_ condition: @MainActor () -> Bool) {
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 60, until: condition), "\(states)")
        }

        func requested(_ index: Int) -> Bool { source.isWaiting(urls[index]) }
    }

    func testTheScreenLoadsFirstThenTheScreenAroundAndPlaceholdersNever() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<3, near: 0..<5)
            XCTAssertEqual(setup.states, [.loading, .invalid, .loading, .loading, .loading, .idle])
            setup.settle { setup.source.requests.count == 4 }
            let priorities = Dictionary(uniqueKeysWithValues: setup.source.requests.map { ($0.url, $0.priority) })
            XCTAssertEqual(priorities, [setup.urls[0]: .visible, setup.urls[2]: .visible,
                                        setup.urls[3]: .prefetch, setup.urls[4]: .prefetch])
        }
    }

    /// A prefetch scrolled into view goes ahead of the other prefetches while it loads; a tile
    /// scrolled off falls back behind the screen; a Retry a person pressed keeps its place.
    func testALoadingTileFollowsTheScreen() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<1, near: 0..<5)
            setup.settle { setup.source.requests.count == 4 }
            XCTAssertEqual(setup.source.currentPriority(of: setup.urls[3]), .prefetch)

            setup.planner.update(visible: 3..<5, near: 0..<6) // scrolled: 3 and 4 on screen
            XCTAssertEqual(setup.source.currentPriority(of: setup.urls[3]), .visible, "raised while it loads")
            XCTAssertEqual(setup.source.currentPriority(of: setup.urls[4]), .visible)
            XCTAssertEqual(setup.source.currentPriority(of: setup.urls[0]), .prefetch, "off screen, still near")
            XCTAssertEqual(setup.source.requests.filter { $0.url == setup.urls[3] }.count, 1, "the same load, not a second")

            setup.source.complete(setup.urls[2], with: .failure(.timedOut))
            setup.settle { setup.list.items[2].state == .failed(.timedOut) }
            setup.planner.retryNow(setup.list.items[2])
            setup.settle { setup.source.currentPriority(of: setup.urls[2]) == .interactive }
            setup.planner.update(visible: 4..<6, near: 0..<6)
            XCTAssertEqual(setup.source.currentPriority(of: setup.urls[2]), .interactive, "a pressed Retry stays first")
        }
    }

    func testAThumbnailInMemoryShowsAtOnceWithoutARequest() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.source.cache(setup.urls[0])
            setup.planner.update(visible: 0..<1, near: 0..<1)
            XCTAssertEqual(setup.list.items[0].state, .loaded)
            XCTAssertNotNil(setup.list.items[0].image)
            // Shown at once is settled: the next entry to come near is the only one asked for.
            setup.planner.update(visible: 0..<3, near: 0..<3)
            setup.settle { setup.requested(2) }
            XCTAssertEqual(setup.source.requests.map(\.url), [setup.urls[2]])
        }
    }

    func testWhatLeavesTheScreenAroundIsLetGo() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<3, near: 0..<3)
            setup.settle { setup.requested(0) && setup.requested(2) }
            setup.source.complete(setup.urls[0], with: .success(FakeThumbnailSource.image()))
            setup.settle { setup.list.items[0].state == .loaded }

            XCTAssertTrue(setup.planner.update(visible: 4..<6, near: 3..<6), "something was let go")
            XCTAssertEqual(setup.states, [.idle, .invalid, .idle, .loading, .loading, .loading])
            XCTAssertNil(setup.list.items[0].image, "the texture is freed")
            setup.settle { setup.source.cancelled == [setup.urls[2]] }
            XCTAssertFalse(setup.planner.update(visible: 4..<6, near: 3..<6), "nothing more to let go")
        }
    }

    func testATransientFailureRetriesQuietlyNearbyAndWaitsWhenFar() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<1, near: 0..<1)
            setup.settle { setup.requested(0) }
            setup.source.complete(setup.urls[0], with: .failure(.noConnection))
            setup.settle { setup.list.items[0].state == .failed(.noConnection) }
            XCTAssertEqual(setup.retries.pendingCount, 1, "a retry is scheduled")

            setup.retries.retryAllNow()
            setup.settle { setup.requested(0) }
            XCTAssertEqual(setup.source.requests.last, .init(url: setup.urls[0], priority: .prefetch))
            XCTAssertEqual(setup.list.items[0].state, .failed(.noConnection), "the failure stays shown while it retries")
            setup.source.complete(setup.urls[0], with: .failure(.timedOut))
            setup.settle { setup.list.items[0].state == .failed(.timedOut) }
            XCTAssertEqual(setup.retries.pendingCount, 1, "and again")

            setup.planner.update(visible: 4..<5, near: 4..<5)
            setup.retries.retryAllNow()
            XCTAssertEqual(setup.list.items[0].state, .idle, "far away it loads again only when it comes near")
            setup.planner.update(visible: 0..<1, near: 0..<1)
            setup.settle { setup.source.requests.filter { $0.url == setup.urls[0] }.count >= 3 }
            XCTAssertEqual(setup.source.requests.filter { $0.url == setup.urls[0] }.map(\.priority),
                           [.visible, .prefetch, .visible], "one more request, when it came near")
        }
    }

    func testAPermanentFailureWaitsForThePersonsRetry() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<1, near: 0..<1)
            setup.settle { setup.requested(0) }
            setup.source.complete(setup.urls[0], with: .failure(.serverError(status: 404)))
            setup.settle { setup.list.items[0].state == .failed(.serverError(status: 404)) }
            XCTAssertEqual(setup.retries.pendingCount, 0)

            setup.planner.retryNow(setup.list.items[0])
            XCTAssertEqual(setup.list.items[0].state, .loading)
            setup.settle { setup.requested(0) }
            XCTAssertEqual(setup.source.requests.last, .init(url: setup.urls[0], priority: .interactive))
        }
    }

    func testAnAnswerThatIsNotAnImageIsAskedAgainOnRefresh() {
        MainActor.assumeIsolated {
            let setup = Setup()
            setup.planner.update(visible: 0..<1, near: 0..<1)
            setup.settle { setup.requested(0) }
            XCTAssertEqual(setup.list.counts, TileCounts(total: 6, placeholders: 1, settled: 1))
            setup.source.complete(setup.urls[0], with: .failure(.notAnImage))
            setup.settle { setup.list.items[0].state == .notImage }
            XCTAssertEqual(setup.list.counts, TileCounts(total: 6, placeholders: 2, settled: 2))

            var rechecked = false
            setup.planner.recheckVerdicts { rechecked = true }
            setup.settle { rechecked }
            XCTAssertEqual(setup.source.forgotten, [setup.urls[0]])
            XCTAssertEqual(setup.list.items[0].state, .idle)
            XCTAssertEqual(setup.list.counts, TileCounts(total: 6, placeholders: 1, settled: 1))
        }
    }

    func testLinesThatLeaveTheListStopLoadingAndChangeNothingLater() {
        MainActor.assumeIsolated {
            let setup = Setup()
            var changes: [Int] = []
            setup.list.onChange = { item, _ in changes.append(item.index) }
            setup.planner.update(visible: 0..<3, near: 0..<3)
            XCTAssertEqual(changes, [0, 2], "one notification per change")
            setup.settle { setup.requested(0) && setup.requested(2) }

            let kept = setup.list.items[2]
            let lines = [setup.urls[2].absoluteString, "plain words"]
            setup.planner.release(setup.list.replace(with: LinksDocument.make(from: Data(lines.joined(separator: "\n").utf8))))
            XCTAssertTrue(setup.list.items[0] === kept, "the line still there keeps its item and its load")
            setup.settle { setup.source.cancelled == [setup.urls[0]] }
            XCTAssertEqual(setup.list.counts, TileCounts(total: 2, placeholders: 1, settled: 1))

            setup.source.complete(setup.urls[2], with: .success(FakeThumbnailSource.image()))
            setup.settle { kept.state == .loaded }
            XCTAssertEqual(setup.list.counts, TileCounts(total: 2, placeholders: 1, settled: 2))
        }
    }
}
