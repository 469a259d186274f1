import CGtk
import GObjectSupport

/// What both benchmark references do around their content: a GtkApplication (default flags, so
/// it registers on the session bus like link-gallery) opens one window maximized at the
/// benchmark's 1920×1080 and reports the milestones the app's trace has: `startup`, `present`,
/// `first-layout-done` (the first frame's layout phase ended) and `first-frame` (painted).
public enum ReferenceWindow {
    /// Runs the application until it quits; returns its exit status. `content` makes the
    /// window's child (nil: an empty window); `afterFirstFrame` runs once the first frame is
    /// painted, with the application and the window's frame clock.
    @MainActor
    public static func run(
        id: String, title: String,
        content: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>? = { nil },
        afterFirstFrame: @escaping @MainActor (_ application: UnsafeMutablePointer<GtkApplication>,
                                                _ clock: OpaquePointer) -> Void
    ) -> Int32 {
        let application = gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!
        Signal.connect(application, .startup, after: true) { emitTime("startup") }
        Signal.connect(application, .activate) {
            let window = gtk_application_window_new(application)!
            gtk_window_set_title(window.cast(), title)
            gtk_window_set_default_size(window.cast(), 1920, 1080)
            gtk_window_maximize(window.cast())
            if let child = content() { gtk_window_set_child(window.cast(), child) }
            Signal.connectOnce(window, .map) {
                guard let clock = gtk_widget_get_frame_clock(window) else { return }
                Signal.connectOnce(clock, .layout, after: true) { emitTime("first-layout-done") }
                Signal.connectOnce(clock, .afterPaint) {
                    emitTime("first-frame")
                    afterFirstFrame(application, clock)
                }
            }
            emitTime("present")
            gtk_window_present(window.cast())
        }
        return g_application_run(application.cast(), 0, nil)
    }
}
