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
            Self.passATimeoutStartedNow()
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
            Self.passATimeoutStartedNow()
            XCTAssertEqual(ran, ["last"])
        }
    }

    func testARepeatingSourceRunsUntilItsHandlerSaysStopOrItIsCancelled() {
        MainActor.assumeIsolated {
            let source = MainLoopSource()
            var runs = 0
            source.every(milliseconds: 1) {
                runs += 1
                return runs < 3
            }
            XCTAssertTrue(GtkTestEnvironment.spin { runs == 3 && !source.isPending }, "stopped by its handler")
            Self.passATimeoutStartedNow()
            XCTAssertEqual(runs, 3)

            var ticks = 0
            source.every(milliseconds: 1) {
                ticks += 1
                return true
            }
            XCTAssertTrue(GtkTestEnvironment.spin { ticks >= 2 })
            source.cancel()
            let stoppedAt = ticks
            Self.passATimeoutStartedNow()
            XCTAssertEqual(ticks, stoppedAt, "cancelled")
        }
    }

    func testAOneShotSourceRunsWithNobodyKeepingIt() {
        MainActor.assumeIsolated {
            var ran: [String] = []
            MainLoopSource.once(afterMilliseconds: 1) { ran.append("timeout") }
            MainLoopSource.onceWhenIdle { ran.append("idle") }
            XCTAssertTrue(GtkTestEnvironment.spin { ran.count == 2 })
            Self.passATimeoutStartedNow()
            XCTAssertEqual(ran.sorted(), ["idle", "timeout"], "each ran once")
        }
    }

    /// Runs the main loop until a 1 ms timeout started now has run. GLib dispatches every
    /// timeout that is due by then in the same iteration or before, and each timeout started
    /// (or due to run again) earlier with the same delay is due no later: past this point, one
    /// that has not run never will.
    @MainActor
    private static func passATimeoutStartedNow() {
        var ran = false
        MainLoopSource.once(afterMilliseconds: 1) { ran = true }
        XCTAssertTrue(GtkTestEnvironment.spin { ran })
    }
}
