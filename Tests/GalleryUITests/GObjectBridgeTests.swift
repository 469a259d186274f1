import CGtk
import GObjectSupport
import XCTest

/// The one GLib bridge: typed signals that keep their closure exactly as long as the
/// connection, and Swift objects kept by or attached to a GObject's data.
final class GObjectBridgeTests: XCTestCase {
    private final class Tracked {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    func testASignalHandlerGetsItsArgumentsAndIsReleasedWithItsObject() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let adjustment = gtk_adjustment_new(0, 0, 100, 1, 10, 10)!
            g_object_ref_sink(adjustment.rawPointer)
            var released = false
            var values: [Double] = []
            do {
                let tracked = Tracked { released = true }
                Signal.connect(adjustment, .valueChanged) { [tracked] in
                    _ = tracked
                    values.append(gtk_adjustment_get_value(adjustment))
                }
            }
            var once = 0
            Signal.connectOnce(adjustment, .valueChanged) { once += 1 }
            gtk_adjustment_set_value(adjustment, 30)
            gtk_adjustment_set_value(adjustment, 60)
            XCTAssertEqual(values, [30, 60])
            XCTAssertEqual(once, 1, "a one-time handler runs once")
            XCTAssertFalse(released, "the closure lives as long as its connection")
            g_object_unref(adjustment.rawPointer)
            XCTAssertTrue(released, "released when the object is finalized")
        }
    }

    func testABooleanReturningSignalPassesTheHandlersAnswerBack() {
        MainActor.assumeIsolated {
            let application = GtkTestEnvironment.setUp()
            let window = gtk_application_window_new(application.cast())!
            var asked = 0
            Signal.connect(window, .closeRequest) {
                asked += 1
                return asked == 1 // keep the window open the first time
            }
            var destroyed = false
            Signal.connect(window, .destroy) { destroyed = true }
            gtk_window_present(window.cast())
            XCTAssertTrue(GtkTestEnvironment.spin { gtk_widget_get_mapped(window) != 0 })
            gtk_window_close(window.cast())
            XCTAssertFalse(destroyed, "true from close-request kept the window")
            gtk_window_close(window.cast())
            XCTAssertTrue(GtkTestEnvironment.spin { destroyed })
            XCTAssertEqual(asked, 2)
        }
    }

    func testAKeptObjectLivesAsLongAsItsGObjectAndAWeaklyAttachedOneIsNotKept() {
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let label = gtk_label_new("x")!
            g_object_ref_sink(label.rawPointer)
            var keptReleased = false
            var weakReleased = false
            AttachedObject.keep(Tracked { keptReleased = true }, aliveWith: label, key: "kept")
            var owner: Tracked? = Tracked { weakReleased = true }
            AttachedObject.attachWeakly(owner!, to: label, key: "owner")
            XCTAssertTrue(AttachedObject.object(of: label, key: "owner", as: Tracked.self) === owner)
            XCTAssertNotNil(AttachedObject.object(of: label, key: "kept", as: Tracked.self))
            XCTAssertNil(AttachedObject.object(of: label, key: "kept", as: GObjectBridgeTests.self), "another type")

            owner = nil
            XCTAssertTrue(weakReleased, "the GObject does not keep a weakly attached owner")
            XCTAssertNil(AttachedObject.object(of: label, key: "owner", as: Tracked.self))
            XCTAssertFalse(keptReleased)
            g_object_unref(label.rawPointer)
            XCTAssertTrue(keptReleased, "a kept object goes with its GObject")
        }
    }
}
