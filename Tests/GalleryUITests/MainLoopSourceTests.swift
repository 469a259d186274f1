import CGtk
import GObjectSupport
import XCTest

/// A source owned by the object that starts it: it knows when it has run, so cancelling never
/// reaches GLib for a source that is gone, and a new start replaces the pending one.
final class MainLoopSourceTests: XCTestCase {
    func testATimeoutRunsOnceAndIsNoLongerPendingWhenItRuns() {
        MainActor.assumeIsolated {
            let source = MainLoopSource()
            var runs = 0
            var pendingWhileRunning: Bool?
            source.after(milliseconds: 1) {
                runs += 1
                pendingWhileRunning = source.isPending
            }
            XCTAssertTrue(source.isPending)
            XCTAssertTrue(GtkTestEnvironment.spin { runs == 1 })
            XCTAssertEqual(pendingWhileRunning, false, "a one-shot source is over once it runs")
            source.cancel() // nothing to remove: must not touch GLib
            GtkTestEnvironment.spin(for: 0.02)
            XCTAssertEqual(runs, 1)
        }
    }

    func testAHandlerCanStartTheNextOne() {
        MainActor.assumeIsolated {
            let source = MainLoopSource()
            var runs = 0
            @MainActor func step() {
                runs += 1
                if runs < 3 { source.idle { step() } }
            }
            source.idle { step() }
            XCTAssertTrue(GtkTestEnvironment.spin { runs == 3 }, "each run started the next")
            XCTAssertFalse(source.isPending)
        }
    }

    func testCancelAndReplaceStopThePendingSource() {
        MainActor.assumeIsolated {
            let source = MainLoopSource()
            var ran: [String] = []
            source.after(milliseconds: 1) { ran.append("cancelled") }
            source.cancel()
            XCTAssertFalse(source.isPending)
            source.after(milliseconds: 1) { ran.append("replaced") }
            source.after(milliseconds: 1) { ran.append("last") }
            XCTAssertTrue(GtkTestEnvironment.spin { !ran.isEmpty })
            GtkTestEnvironment.spin(for: 0.02)
            XCTAssertEqual(ran, ["last"])
        }
    }

    func testTheStaticCancelIgnoresAnIDWhoseSourceHasFinished() {
        MainActor.assumeIsolated {
            var ran = false
            var id = MainLoopSources.after(milliseconds: 1) { ran = true }
            XCTAssertTrue(GtkTestEnvironment.spin { ran })
            GtkTestEnvironment.spin(for: 0.01)
            MainLoopSources.cancel(&id)
            XCTAssertEqual(id, 0)
            var other = false
            var otherID = MainLoopSources.after(milliseconds: 1) { other = true }
            XCTAssertTrue(GtkTestEnvironment.spin { other }, "an unrelated source still runs")
            MainLoopSources.cancel(&otherID)
        }
    }
}
