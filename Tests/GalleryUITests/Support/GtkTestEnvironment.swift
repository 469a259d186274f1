import CGtk
import Foundation
import GObjectSupport
import XCTest

/// One GTK per test process: initialised once on the main thread, with the MainActor bridge and
/// a registered GtkApplication (application windows refuse an unregistered application).
enum GtkTestEnvironment {
    nonisolated(unsafe) private static var application: OpaquePointer?

    /// Call inside `MainActor.assumeIsolated` from a (nonisolated) test method; XCTest runs
    /// those on the main thread.
    @MainActor
    static func setUp() -> OpaquePointer {
        do {
            if let application { return application }
            XCTAssertTrue(gtk_init_check() != 0, "no display: run the tests under xvfb-run")
            MainLoopBridge.install()
            let app = gtk_application_new("io.github.linkgallery.ViewerTests", G_APPLICATION_NON_UNIQUE)!
            var error: UnsafeMutablePointer<GError>?
            XCTAssertTrue(g_application_register(app.cast(), nil, &error) != 0)
            g_clear_error(&error)
            application = app.opaque
            return app.opaque
        }
    }

    /// Runs the GLib main loop until `condition` holds or `timeout` passes; returns the condition.
    @MainActor
    @discardableResult
    static func spin(timeout: TimeInterval = 5, until condition: @MainActor () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
        }
        return true
    }

    /// Lets the main loop run for a while (to show that something does NOT happen).
    @MainActor
    static func spin(for seconds: TimeInterval) {
        _ = spin(timeout: seconds) { false }
    }
}
