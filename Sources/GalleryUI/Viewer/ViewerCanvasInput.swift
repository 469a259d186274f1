import CGtk
import Foundation
import GObjectSupport

/// Pointer, touch and touchpad input on the canvas: Ctrl+wheel and touchpad zoom and paging,
/// click or tap to toggle fullscreen, double-click or double tap to toggle best fit ↔ 200 %,
/// long press for the share menu, mouse back/forward buttons. Clicks, taps and the long press are
/// in `ViewerCanvasInput+Clicks.swift`; dragging, pinching and swiping in
/// `ViewerCanvasInput+Touch.swift`.
@MainActor
final class ViewerCanvasInput {
    enum DragMode { case none, pan, slide, pinch }

    /// Kinetic panning loses this fraction of its speed per second.
    static let kineticFriction = 0.95
    static let slideSeconds = 0.25

    let canvas: ViewerCanvas
    weak var delegate: ViewerInputDelegate?
    let animation: TickAnimation
    private var pointer: ZoomModel.Point?
    var dragMode = DragMode.none
    var dragStart = ZoomModel.Point.zero
    var dragLast = ZoomModel.Point.zero
    var velocity = VelocityTracker()
    /// How far the finger has pulled the pages sideways (before resistance at the ends).
    var slideFinger = 0.0
    /// While panning a zoomed picture: whether it touched its left/right edge when the finger
    /// landed, so pulling further that way slides to the neighbour (like GNOME Image Viewer).
    var slidesAtLeftEdge = false, slidesAtRightEdge = false
    var pinchStart: ZoomModel.PinchStart?
    var tap = ViewerTapDecision()
    private var touchpadSliding = false
    let pendingClick = MainLoopSource()
    /// The last press of the primary button was a finger's (a tap in fullscreen shows the controls first).
    var tapIsTouch = false
    /// True while a turned page slides in (`slideIn`): any touch stops it in place at zero.
    private var arriving = false
    let shareMenu: ViewerShareMenuPopup
    private let stateTrace: ViewerStateTrace?

    init(canvas: ViewerCanvas, delegate: ViewerInputDelegate) {
        self.canvas = canvas
        self.delegate = delegate
        animation = TickAnimation(widget: canvas.widget)
        shareMenu = ViewerShareMenuPopup(canvas: canvas.widget)
        stateTrace = ViewerStateTrace(canvas: canvas, page: { [weak delegate] in delegate?.currentPage ?? -1 },
                                      retryButton: { [weak delegate] in delegate?.shownRetryButton })
        attachMotion()
        attachScroll()
        attachPinch()
        attachDrag()
        attachClicks()
        attachLongPress()
        attachContextClick()
    }

    /// Stops running animations and pending clicks (page change, window closing).
    func reset() {
        animation.stop()
        arriving = false
        pendingClick.cancel()
        canvas.slideOffset = 0
        slideFinger = 0
        dragMode = .none
        pinchStart = nil
        touchpadSliding = false
    }

    private var anchor: ZoomModel.Point { pointer ?? canvas.zoom?.viewportCenter ?? .zero }

    /// Stops kinetic panning or a slide. A page sliding in jumps to its place: it has already
    /// turned, so leaving it half-way would show two pages with nothing to settle them.
    func stopAnimation() {
        animation.stop()
        if arriving {
            arriving = false
            canvas.slideOffset = 0
        }
    }

    /// After a page turn by key, button or wheel: the new image comes in from the side the
    /// swipe would bring it from, the old one leaving on the other side (both already loaded;
    /// otherwise the new page simply appears). Honours the desktop's "reduce animation" setting.
    func slideIn(from step: Int) {
        guard canvas.zoom != nil, Self.animationsEnabled() else { return }
        let leaving = step > 0 ? canvas.previousTexture : canvas.nextTexture
        guard leaving != nil else { return }
        let start = Double(step) * (canvas.viewportSize.width + ViewerCanvas.pageGap)
        arriving = true
        canvas.slideOffset = start
        animation.animate(from: start, to: 0, duration: Self.slideSeconds, update: { [weak self] value in
            self?.canvas.slideOffset = value
        }, completion: { [weak self] in
            guard let self else { return }
            arriving = false
            PerformanceTrace.shared.recordAtNextPaint(of: canvas.widget, .viewerSlideFinished)
        })
    }

    func add(_ controller: some GPointer) {
        gtk_widget_add_controller(canvas.widget, controller.opaque)
    }

    // MARK: Pointer position

    private func attachMotion() {
        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, .motion) { [weak self] (x: Double, y: Double) in
            self?.pointer = ZoomModel.Point(x: x, y: y)
        }
        Signal.connect(motion, .leave) { [weak self] in self?.pointer = nil }
        add(motion)
    }

    // MARK: Wheel and touchpad

    private func attachScroll() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        Signal.connect(scroll, .scroll) { [weak self] (dx: Double, dy: Double) in
            self?.scrolled(scroll, dx: dx, dy: dy) ?? false
        }
        Signal.connect(scroll, .scrollEnd) { [weak self] in
            guard let self, touchpadSliding else { return }
            touchpadSliding = false
            settleSlide(velocity: 0)
        }
        add(scroll)
    }

    private func scrolled(_ scroll: OpaquePointer, dx: Double, dy: Double) -> Bool {
        guard let zoom = canvas.zoom else { return false }
        let isWheel = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
        let state = gtk_event_controller_get_current_event_state(scroll)
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
            // Wheel: one notch is one step. Touchpad with Ctrl: smooth, proportional to distance.
            let factor = isWheel ? pow(ZoomModel.stepFactor, -dy) : exp(-dy / 100)
            stopAnimation()
            canvas.updateZoom { $0.zoom(by: factor, anchor: anchor) }
            return true
        }
        if zoom.canPan {
            let speed = isWheel ? 60.0 : 1.0
            stopAnimation()
            canvas.updateZoom { $0.pan(by: .init(x: -dx * speed, y: -dy * speed)) }
            return true
        }
        if isWheel {
            let step = (dy != 0 ? dy : dx) > 0 ? 1 : -1
            if dx != 0 || dy != 0 { delegate?.turnPage(step) }
            return true
        }
        // Two-finger horizontal swipe at best fit: the page follows the fingers.
        guard abs(dx) > abs(dy) || touchpadSliding else { return false }
        if !touchpadSliding { slideFinger = canvas.slideOffset }
        touchpadSliding = true
        stopAnimation()
        slideFinger -= dx
        canvas.slideOffset = resisted(slideFinger)
        return true
    }

    // MARK: Settings

    static func doubleClickMilliseconds() -> UInt32 {
        let milliseconds = setting("gtk-double-click-time", type: GType(6 << 2), default: 400) { g_value_get_int($0) } // G_TYPE_INT
        return UInt32(max(150, min(milliseconds, 1000)))
    }

    static func animationsEnabled() -> Bool {
        setting("gtk-enable-animations", type: GType(5 << 2), default: true) { g_value_get_boolean($0) != 0 } // G_TYPE_BOOLEAN
    }

    private static func setting<T>(_ name: String, type: GType, default fallback: T,
                                   _ read: (UnsafeMutablePointer<GValue>) -> T) -> T {
        guard let settings = gtk_settings_get_default() else { return fallback }
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
        return read(&value)
    }
}
