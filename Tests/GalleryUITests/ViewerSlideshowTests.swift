import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import XCTest

/// A slideshow in a real viewer window over real files: it moves on by itself, skips a link
/// that fails, loops, pauses and stops on the picture shown, and never shows a spinner.
final class ViewerSlideshowTests: ImageFolderTestCase {
    func testTheShowMovesOnSkipsABrokenLinkLoopsPausesAndStopsOnThePictureShown() throws {
        let folder = images!
        let files = try (0..<3).map { try folder.png("slide-\($0).png", width: 320 + 40 * $0, height: 240) }
        var urls = files.map(FolderImageSource.link(for:))
        urls.insert(URL(string: "https://images.example.invalid/gallery/missing.png")!, at: 1) // fails to load
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest(urls, source: FolderImageSource(folder: folder.folder))
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            XCTAssertFalse(viewer.isEnabled(.slideshowPause), "Space does nothing outside a show")

            viewer.activate(.slideshow)
            XCTAssertNotNil(viewer.slideshow)
            XCTAssertTrue(viewer.isEnabled(.slideshowPause))
            XCTAssertTrue(viewer.isEnabled(.previous), "a show loops: the first page has a previous one")
            viewer.setSlideshowInterval(3)

            var order = [viewer.paging.index], spinner = false
            let sawWholeLoop = GtkTestEnvironment.spin(timeout: 15) {
                spinner = spinner || viewer.status.isShowingSpinner
                if order.last != viewer.paging.index {
                    order.append(viewer.paging.index)
                    // Moved on only to a page whose picture was ready.
                    XCTAssertNotNil(viewer.store.image(at: viewer.paging.index), "page \(viewer.paging.index) shown ready")
                }
                return order.count >= 4
            }
            XCTAssertTrue(sawWholeLoop, "pages shown: \(order)")
            XCTAssertEqual(order, [0, 2, 3, 0], "the broken link skipped, and round again")
            XCTAssertFalse(spinner, "no change showed a spinner")
            guard case .failed = viewer.store.state(at: 1) else { return XCTFail("the broken link failed") }

            viewer.activate(.slideshowPause)
            XCTAssertEqual(viewer.slideshow?.model.isPaused, true)
            // Paused: nothing is due and nothing is scheduled, so the picture stays (read from
            // the show's state, not from waiting out an interval on a loaded machine).
            XCTAssertNil(viewer.slideshow?.model.dueAt)
            XCTAssertEqual(viewer.slideshow?.isScheduled, false)
            GtkTestEnvironment.spin(for: 0.1)
            XCTAssertEqual(viewer.paging.index, 0, "paused: the picture stays")
            viewer.activate(.next)
            XCTAssertEqual(viewer.paging.index, 2, "a step by hand skips the broken link too")
            viewer.activate(.previous)
            XCTAssertEqual(viewer.paging.index, 0)
            viewer.activate(.previous)
            XCTAssertEqual(viewer.paging.index, 3, "and loops backwards")

            viewer.activate(.slideshowStop)
            XCTAssertNil(viewer.slideshow)
            XCTAssertEqual(viewer.paging.index, 3, "ended on the picture shown")
            XCTAssertFalse(viewer.isEnabled(.slideshowPause))
            XCTAssertFalse(viewer.isEnabled(.next), "no page after the last outside a show")
        }
    }

    /// The show is the picture alone: the properties panel, open when it starts, is hidden
    /// while it runs and comes back when it ends; a panel closed before stays closed.
    func testThePropertiesPanelStepsAsideForTheShowAndComesBack() throws {
        let folder = images!
        let files = try (0..<2).map { try folder.png("aside-\($0).png", width: 320, height: 240) }
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest(files.map(FolderImageSource.link(for:)), source: FolderImageSource(folder: folder.folder))
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            viewer.activate(.properties)
            XCTAssertTrue(viewer.properties.isShown)
            viewer.activate(.slideshow)
            XCTAssertFalse(viewer.properties.isShown, "hidden while the show runs")
            viewer.activate(.slideshowStop)
            XCTAssertTrue(viewer.properties.isShown, "back after the show")

            viewer.activate(.properties)
            viewer.activate(.slideshow)
            viewer.activate(.slideshowStop)
            XCTAssertFalse(viewer.properties.isShown, "closed before, closed after")
        }
    }

    /// Turning to the next picture brings a new neighbour into the kept pages, whose load
    /// changes its state at once: the show must not take that as its cue to move on again
    /// (issue 35: positions 1, 2, 4, 6, … — the fifth never shown).
    func testAPageTurnThatStartsANeighboursLoadDoesNotMoveTheShowOnAgain() throws {
        let folder = images!
        let files = try (0..<7).map { try folder.png("turn-\($0).png", width: 320 + 10 * $0, height: 240) }
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest(files.map(FolderImageSource.link(for:)), at: 3,
                                                  source: FolderImageSource(folder: folder.folder))
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin { (1...5).allSatisfy { viewer.store.image(at: $0) != nil } })
            XCTAssertNil(viewer.store.state(at: 6), "page 7 is not kept yet")
            viewer.activate(.slideshow)
            viewer.setSlideshowInterval(3)
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { viewer.paging.index != 3 }, "the show moved on")
            // Read in the same turn of the main loop as the move: the bug moved the show on again
            // right there, before any frame, when the turn started page 7's load.
            XCTAssertEqual(viewer.paging.index, 4, "to the next picture, and not past it")
            XCTAssertNotNil(viewer.store.state(at: 6), "the turn started its new neighbour's load")
            XCTAssertEqual(viewer.slideshow?.isScheduled, true, "the picture shown waits for its interval")
        }
    }
}
