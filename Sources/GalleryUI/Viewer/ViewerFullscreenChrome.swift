import CGtk
import GObjectSupport

/// Fullscreen behaviour: the header bar goes away, on-screen controls slide in on pointer
/// motion, and both the controls and the pointer hide after a moment of stillness.
@MainActor
final class ViewerFullscreenChrome {
    /// How long the pointer must rest before it and the controls hide.
    static let idleMilliseconds: UInt32 = 2500

    let revealer: UnsafeMutablePointer<GtkWidget>
    private let window: UnsafeMutablePointer<GtkWidget>
    private let headerBar: UnsafeMutablePointer<GtkWidget>
    private let hideTimeout = MainLoopSource()
    private var lastPointer: (x: Double, y: Double)?
    private var hoveringControls = false
    private(set) var isFullscreen = false
    /// Fullscreen began or ended, or the controls came or went (the filmstrip follows them).
    var onChange: (() -> Void)?

    init(window: UnsafeMutablePointer<GtkWidget>, headerBar: UnsafeMutablePointer<GtkWidget>,
         controls: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        self.headerBar = headerBar
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(revealer.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_revealer_set_child(revealer.opaque, controls)
        gtk_widget_set_valign(revealer, GTK_ALIGN_START)
        gtk_widget_set_halign(revealer, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(revealer, 0)

        let windowMotion = gtk_event_controller_motion_new()!
        Signal.connect(windowMotion, .motion) { [weak self] (x: Double, y: Double) in self?.pointerMoved(x: x, y: y) }
        gtk_widget_add_controller(window, windowMotion)
        keepControlsWhileHovering(controls)
        Signal.connect(window, .notify("fullscreened")) { [weak self] (_: UnsafeMutableRawPointer?) in self?.sync() }
    }

    /// The controls stay while the pointer is over `widget` (they, or the filmstrip).
    func keepControlsWhileHovering(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, .enter) { [weak self] (_: Double, _: Double) in self?.hoveringControls = true }
        Signal.connect(motion, .leave) { [weak self] in self?.hoveringControls = false }
        gtk_widget_add_controller(widget, motion)
    }

    func toggle() {
        if gtk_window_is_fullscreen(window.cast()) != 0 {
            gtk_window_unfullscreen(window.cast())
        } else {
            gtk_window_fullscreen(window.cast())
        }
    }

    func leave() { gtk_window_unfullscreen(window.cast()) }

    /// Follows the window manager's answer, not our request: it may refuse or do it later.
    private func sync() {
        isFullscreen = gtk_window_is_fullscreen(window.cast()) != 0
        gtk_widget_set_visible(headerBar, isFullscreen ? 0 : 1)
        gtk_widget_set_visible(revealer, isFullscreen ? 1 : 0)
        if isFullscreen {
            showControls()
        } else {
            hideTimeout.cancel()
            gtk_revealer_set_reveal_child(revealer.opaque, 0)
            gtk_widget_set_cursor(window, nil)
        }
        onChange?()
    }

    private func pointerMoved(x: Double, y: Double) {
        // GTK repeats motion at the same spot when widgets change under the pointer (e.g. the
        // revealer sliding); only real movement should wake the controls.
        if let last = lastPointer, abs(last.x - x) < 1, abs(last.y - y) < 1 { return }
        lastPointer = (x, y)
        if isFullscreen { showControls() }
    }

    /// Slides the controls in; they hide again after `idleMilliseconds` of stillness.
    func showControls() {
        gtk_widget_set_cursor(window, nil)
        let wasRevealed = controlsRevealed
        gtk_revealer_set_reveal_child(revealer.opaque, 1)
        hideTimeout.after(milliseconds: Self.idleMilliseconds) { [weak self] in self?.hideControls() }
        if !wasRevealed { onChange?() }
    }

    private func hideControls() {
        guard isFullscreen, !hoveringControls else { return }
        gtk_revealer_set_reveal_child(revealer.opaque, 0)
        gtk_widget_set_cursor_from_name(window, "none")
        onChange?()
    }

    var controlsRevealed: Bool { gtk_revealer_get_reveal_child(revealer.opaque) != 0 }

    /// Whether a click or a tap on the picture brings the controls (and the filmstrip) back
    /// rather than toggling fullscreen.
    static func tapShowsControls(byTouch: Bool, fullscreen: Bool, controlsRevealed: Bool, slideshow: Bool) -> Bool {
        slideshow || (byTouch && fullscreen && !controlsRevealed)
    }

    func invalidate() { hideTimeout.cancel() }
}
