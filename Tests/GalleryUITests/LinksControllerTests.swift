import GalleryCore
@testable import GalleryUI
import XCTest

/// The links file's phases, one step at a time: the Self.saved copy at once, the refresh, what a
/// failure shows with and without a Self.saved copy, retries by themselves, and what a refresh asked
/// for while one runs does.
final class LinksControllerTests: XCTestCase {
    private static let saved = ScriptedLinks.snapshot(["https://example.com/a.jpg"], checksum: "Self.saved")
    private static let fresh = ScriptedLinks.snapshot(["https://example.com/a.jpg", "https://example.com/b.png"], checksum: "Self.fresh")

    @MainActor
    private static func controller(_ links: ScriptedLinks, backoffSeconds: Double = 60) -> (LinksController, RetryScheduler) {
        _ = GtkTestEnvironment.setUp()
        let retries = RetryScheduler(backoff: Backoff(initialSeconds: backoffSeconds, capSeconds: backoffSeconds), networkMonitor: nil)
        return (LinksController(repository: links, retries: retries), retries)
    }

    func testTheSavedCopyShowsAtOnceThenTheRefreshReplacesIt() {
        MainActor.assumeIsolated {
            let links = ScriptedLinks(cached: Self.saved)
            let (controller, _) = Self.controller(links)
            var phases: [LinksController.Phase] = []
            var online = 0
            controller.onChange = { phases.append($0) }
            controller.onOnline = { online += 1 }
            XCTAssertEqual(controller.phase, .loading)
            controller.start()
            XCTAssertTrue(GtkTestEnvironment.spin { links.waitingCount == 1 })
            XCTAssertTrue(controller.hasCheckedCache)
            XCTAssertEqual(phases, [.showing(Self.saved, problem: nil)], "the Self.saved copy, before the refresh answers")

            links.answer(.success(Self.fresh))
            XCTAssertTrue(GtkTestEnvironment.spin { phases.count == 2 })
            XCTAssertEqual(controller.phase, .showing(Self.fresh, problem: nil))
            XCTAssertEqual(online, 1, "a download that worked says the network works")
        }
    }

    func testAFailureKeepsTheSavedCopyWithTheProblemAndRetriesByItself() {
        MainActor.assumeIsolated {
            let links = ScriptedLinks(cached: Self.saved)
            let (controller, retries) = Self.controller(links, backoffSeconds: 0.05)
            controller.start()
            XCTAssertTrue(GtkTestEnvironment.spin { links.waitingCount == 1 })
            links.answer(.failure(.noConnection))
            XCTAssertTrue(GtkTestEnvironment.spin { controller.phase == .showing(Self.saved, problem: .noConnection) })

            XCTAssertTrue(GtkTestEnvironment.spin { links.refreshCount == 2 }, "retried after the backoff")
            XCTAssertEqual(retries.pendingCount, 0)
            links.answer(.success(Self.fresh))
            XCTAssertTrue(GtkTestEnvironment.spin { controller.phase == .showing(Self.fresh, problem: nil) })
        }
    }

    func testWithoutASavedCopyAFailureIsTheWholePageAndOnlyTransientOnesRetry() {
        MainActor.assumeIsolated {
            let links = ScriptedLinks()
            let (controller, retries) = Self.controller(links)
            controller.start()
            XCTAssertTrue(GtkTestEnvironment.spin { links.waitingCount == 1 })
            XCTAssertEqual(controller.phase, .loading)
            links.answer(.failure(.timedOut))
            XCTAssertTrue(GtkTestEnvironment.spin { controller.phase == .failed(.timedOut) })
            XCTAssertEqual(retries.pendingCount, 1, "a silent server is asked again later")

            controller.refresh() // Retry: at once, the scheduled retry dropped
            XCTAssertEqual(retries.pendingCount, 0)
            XCTAssertEqual(controller.phase, .loading)
            XCTAssertTrue(GtkTestEnvironment.spin { links.waitingCount == 1 })
            links.answer(.failure(.serverError(status: 404)))
            XCTAssertTrue(GtkTestEnvironment.spin { controller.phase == .failed(.serverError(status: 404)) })
            XCTAssertEqual(retries.pendingCount, 0, "a missing file is not asked for again by itself")
        }
    }

    func testARefreshWhileOneRunsIsOneRefreshButAReloadRunsAgainAfterIt() {
        MainActor.assumeIsolated {
            let links = ScriptedLinks(cached: Self.saved)
            let (controller, _) = Self.controller(links)
            controller.start()
            XCTAssertTrue(GtkTestEnvironment.spin { links.waitingCount == 1 })
            controller.refresh()
            controller.refresh()
            XCTAssertEqual(links.refreshCount, 1, "F5 pressed during a refresh waits for it")

            controller.reload() // the file changed while the refresh was reading it
            links.answer(.success(Self.fresh))
            XCTAssertTrue(GtkTestEnvironment.spin { links.refreshCount == 2 }, "read once more after it")
            links.answer(.success(Self.saved))
            XCTAssertTrue(GtkTestEnvironment.spin { controller.phase == .showing(Self.saved, problem: nil) })
        }
    }

    func testAStoppedControllerTellsNothingMore() {
        MainActor.assumeIsolated {
            let links = ScriptedLinks()
            let (controller, retries) = Self.controller(links, backoffSeconds: 0.05)
            var phases: [LinksController.Phase] = []
            controller.onChange = { phases.append($0) }
            controller.start()
            XCTAssertTrue(GtkTestEnvironment.spin { links.waitingCount == 1 })
            controller.stop() // another list is shown now
            links.answer(.failure(.noConnection))
            GtkTestEnvironment.spin(for: 0.2)
            XCTAssertEqual(phases, [])
            XCTAssertEqual(retries.pendingCount, 0)
            XCTAssertEqual(links.refreshCount, 1, "no retry for a list no longer shown")
        }
    }
}
