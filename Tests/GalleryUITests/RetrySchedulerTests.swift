import CGtk
import GalleryCore
@testable import GalleryUI
import XCTest

/// Automatic retries on the real GLib main loop.
final class RetrySchedulerTests: XCTestCase {
    func testRetriesAfterBackoffAndAtOnceWhenTheNetworkReturns() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let monitor = NetworkMonitor()
            let scheduler = RetryScheduler(backoff: Backoff(initialSeconds: 0.2, capSeconds: 0.4), networkMonitor: monitor)
            var fired: [String] = []

            scheduler.schedule("tile") { fired.append("tile") }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 2) { fired == ["tile"] }, "first retry after 0.2 s")

            // A second failure waits longer, and a third no longer than the cap.
            let started = Date()
            scheduler.schedule("tile") { fired.append("tile") }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 2) { fired.count == 2 })
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.35)

            // The network coming back runs everything pending at once, long before its timer.
            scheduler.schedule("links") { fired.append("links") }
            scheduler.schedule("other") { fired.append("other") }
            monitor.networkIsWorking()
            XCTAssertEqual(Set(fired.suffix(2)), ["links", "other"])
            XCTAssertEqual(scheduler.pendingCount, 0)

            // A reset (success, or the tile went away) cancels the pending retry.
            scheduler.schedule("gone") { fired.append("gone") }
            scheduler.reset("gone")
            GtkTestEnvironment.spin(for: 0.5)
            XCTAssertFalse(fired.contains("gone"))
        }
    }
}
