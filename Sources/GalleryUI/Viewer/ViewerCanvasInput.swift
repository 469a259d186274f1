import CGtk
import Foundation
import GObjectSupport

/// Pointer, touch and touchpad input on the canvas: pinch and Ctrl+wheel zoom, drag to pan with
/// kinetic deceleration, swipe/touchpad paging with the image following the finger, click to
/// toggle fullscreen, double-tap to toggle best fit ↔ 200 %, mouse back/forward buttons.
@MainActor
final class ViewerCanvasInput {
    private enum DragMode { case none, pan, slide }

    /// Fraction of the width a slide must pass to turn the page, or flick speed (px/s) that does.
    static let slideDistanceThreshold = 0.2
    static let flickVelocity = 500.0
    /// Kinetic panning loses this fraction of its speed per second.
    static let kineticFriction = 0.95
    static let clickSlop = 8.0

    private let canvas: ViewerCanvas
    private weak var delegate: ViewerInputDelegate?
    private let animation: TickAnimation
    private var pointer: ZoomModel.Point?
    private var dragMode = DragMode.none
    private var dragLast = ZoomModel.Point.zero
    private var dragDistance = 0.0
    private var releaseVelocity = ZoomModel.Point.zero
    private var pinchStartScale = 1.0
    private var touchpadSliding = false
    private var pendingClick: UInt32 = 0
    /// True while a turned page slides in (`slideIn`): any touch stops it in place at zero.
    private var arriving = false

    init(canvas: ViewerCanvas, delegate: ViewerInputDelegate) {
        self.canvas = canvas
        self.delegate = delegate
        animation = TickAnimation(widget: canvas.widget)
        attachMotion()
        attachScroll()
        attachPinch()
        attachDrag()
        attachClicks()
    }

    /// Stops running animations and pending clicks (page change, window closing).
    func reset() {
        animation.stop()
        arriving = false
        MainLoopSources.cancel(&pendingClick)
        canvas.slideOffset = 0
        dragMode = .none
        touchpadSliding = false
    }

    private var anchor: ZoomModel.Point { pointer ?? canvas.zoom?.viewportCenter ?? .zero }

    /// Stops kinetic panning or a slide. A page sliding in jumps to its place: it has already
    /// turned, so leaving it half-way would show two pages with nothing to settle them.
    private func stopAnimation() {
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
            self?.arriving = false
        })
    }

    static let slideSeconds = 0.25

    private func add(_ controller: some GPointer) {
        gtk_widget_add_controller(canvas.widget, controller.opaque)
    }

    // MARK: Pointer position

    private func attachMotion() {
        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, "motion") { [weak self] (x: Double, y: Double) in
            self?.pointer = ZoomModel.Point(x: x, y: y)
        }
        Signal.connect(motion, "leave") { [weak self] in self?.pointer = nil }
        add(motion)
    }

    // MARK: Wheel and touchpad

    private func attachScroll() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        Signal.connectHandled(scroll, "scroll") { [weak self] (dx: Double, dy: Double) in
            self?.scrolled(scroll, dx: dx, dy: dy) ?? false
        }
        Signal.connect(scroll, "scroll-end") { [weak self] in
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
        touchpadSliding = true
        stopAnimation()
        canvas.slideOffset = resisted(canvas.slideOffset - dx)
        return true
    }

    // MARK: Pinch

    private func attachPinch() {
        let pinch = gtk_gesture_zoom_new()!
        Signal.connect(pinch, "begin") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            stopAnimation()
            pinchStartScale = canvas.zoom?.scale ?? 1
        }
        Signal.connect(pinch, "scale-changed") { [weak self] (delta: Double) in
            guard let self else { return }
            var x = 0.0, y = 0.0
            let centre = gtk_gesture_get_bounding_box_center(pinch.opaque, &x, &y) != 0
                ? ZoomModel.Point(x: x, y: y) : anchor
            canvas.updateZoom { $0.zoom(to: pinchStartScale * delta, anchor: centre) }
        }
        add(pinch)
    }

    // MARK: Drag: pan when zoomed, slide pages at best fit

    private func attachDrag() {
        let drag = gtk_gesture_drag_new()!
        let swipe = gtk_gesture_swipe_new()!
        Signal.connect(drag, "drag-begin") { [weak self] (_: Double, _: Double) in
            guard let self, let zoom = canvas.zoom else { return }
            stopAnimation()
            dragMode = zoom.canPan ? .pan : .slide
            dragLast = .zero
            dragDistance = 0
            releaseVelocity = .zero
        }
        Signal.connect(drag, "drag-update") { [weak self] (dx: Double, dy: Double) in
            guard let self else { return }
            dragDistance = max(dragDistance, hypot(dx, dy))
            let step = ZoomModel.Point(x: dx - dragLast.x, y: dy - dragLast.y)
            dragLast = ZoomModel.Point(x: dx, y: dy)
            switch dragMode {
            case .pan: canvas.updateZoom { $0.pan(by: step) }
            case .slide: canvas.slideOffset = resisted(canvas.slideOffset + step.x)
            case .none: break
            }
        }
        Signal.connect(swipe, "swipe") { [weak self] (vx: Double, vy: Double) in
            self?.releaseVelocity = ZoomModel.Point(x: vx, y: vy)
        }
        Signal.connect(drag, "drag-end") { [weak self] (_: Double, _: Double) in
            // The swipe gesture reports the release velocity on the same event, possibly after
            // us; decide once both have run.
            MainLoopSources.idle { [weak self] in self?.dragEnded(); return false }
        }
        add(drag)
        add(swipe)
    }

    private func dragEnded() {
        let mode = dragMode
        dragMode = .none
        switch mode {
        case .pan: startKinetic(velocity: releaseVelocity)
        case .slide: settleSlide(velocity: releaseVelocity.x)
        case .none: break
        }
    }

    private func startKinetic(velocity start: ZoomModel.Point) {
        var velocity = start
        guard hypot(velocity.x, velocity.y) > 50 else { return }
        animation.start { [weak self] elapsed in
            guard let self else { return false }
            let decay = pow(1 - Self.kineticFriction, elapsed)
            velocity = ZoomModel.Point(x: velocity.x * decay, y: velocity.y * decay)
            var moved = ZoomModel.Point.zero
            canvas.updateZoom { moved = $0.pan(by: .init(x: velocity.x * elapsed, y: velocity.y * elapsed)) }
            let stuck = elapsed > 0 && moved == .zero
            return !stuck && hypot(velocity.x, velocity.y) > 20
        }
    }

    /// Past the first or last page the image moves a third of the finger's distance.
    private func resisted(_ offset: Double) -> Double {
        if offset > 0, delegate?.hasPage(-1) != true { return offset / 3 }
        if offset < 0, delegate?.hasPage(1) != true { return offset / 3 }
        return offset
    }

    /// Finishes a slide: on to the neighbour when far or fast enough, else back.
    private func settleSlide(velocity: Double) {
        let width = max(canvas.viewportSize.width, 1)
        let offset = canvas.slideOffset
        var step = 0
        if offset < -width * Self.slideDistanceThreshold || velocity < -Self.flickVelocity { step = 1 }
        if offset > width * Self.slideDistanceThreshold || velocity > Self.flickVelocity { step = -1 }
        if step != 0, delegate?.hasPage(step) != true { step = 0 }
        let target = step == 0 ? 0 : -Double(step) * (width + ViewerCanvas.pageGap)
        animation.animate(from: offset, to: target, duration: Self.slideSeconds, update: { [weak self] value in
            self?.canvas.slideOffset = value
        }, completion: { [weak self] in
            guard let self else { return }
            if step != 0 { delegate?.completeSlide(step) }
            canvas.slideOffset = 0
        })
    }

    // MARK: Clicks

    private func attachClicks() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.opaque, 0) // all buttons: 8/9 are back/forward
        Signal.connect(click, "pressed") { [weak self] (presses: Int32, x: Double, y: Double) in
            guard let self else { return }
            switch gtk_gesture_single_get_current_button(click.opaque) {
            case 8: delegate?.turnPage(-1)
            case 9: delegate?.turnPage(1)
            case 1 where presses == 2:
                MainLoopSources.cancel(&pendingClick)
                toggleZoom(at: ZoomModel.Point(x: x, y: y))
            default: break
            }
        }
        Signal.connect(click, "released") { [weak self] (presses: Int32, _: Double, _: Double) in
            guard let self, presses == 1, gtk_gesture_single_get_current_button(click.opaque) == 1,
                  dragDistance < Self.clickSlop else { return }
            // Wait out the double-click time: a second tap means zoom, not fullscreen.
            MainLoopSources.cancel(&pendingClick)
            pendingClick = MainLoopSources.after(milliseconds: Self.doubleClickMilliseconds()) { [weak self] in
                self?.toggleFullscreenOnceQueuedInputIsHandled()
            }
        }
        // A fresh press clears the drag distance of the previous gesture.
        Signal.connect(click, "pressed", after: true) { [weak self] (_: Int32, _: Double, _: Double) in
            self?.dragDistance = 0
        }
        add(click)
    }

    /// The single click's fullscreen, unless a second click comes first. A busy main loop can
    /// reach the double-click timeout before a second click that is already queued: an idle at
    /// low priority runs only once that input has been handled (a second press cancels it).
    private func toggleFullscreenOnceQueuedInputIsHandled() {
        pendingClick = MainLoopSources.idle(priority: G_PRIORITY_LOW) { [weak self] in
            self?.pendingClick = 0
            self?.delegate?.toggleFullscreen()
            return false
        }
    }

    /// Best fit ↔ 200 % at the tapped point, like GNOME Image Viewer.
    func toggleZoom(at point: ZoomModel.Point) {
        stopAnimation()
        canvas.updateZoom { zoom in
            if zoom.isBestFit { zoom.zoom(toLevel: 2, anchor: point) } else { zoom.zoomToBestFit() }
        }
    }

    private static func doubleClickMilliseconds() -> UInt32 {
        let milliseconds = setting("gtk-double-click-time", type: GType(6 << 2), default: 400) { g_value_get_int($0) } // G_TYPE_INT
        return UInt32(max(150, min(milliseconds, 1000)))
    }

    private static func animationsEnabled() -> Bool {
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
