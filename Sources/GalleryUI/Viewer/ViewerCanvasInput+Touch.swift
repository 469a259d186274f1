import CGtk
import Foundation
import GObjectSupport

/// Fingers and mouse drags on the canvas: pinch zoom that follows the fingers, one-finger pan
/// with kinetic deceleration when zoomed in, and page swipes with the picture under the finger.
///
/// One finger starts the drag gesture; a second one starts the zoom gesture and from then on
/// the drag is ignored until every finger has lifted, so a pinch never turns the page (and a
/// one-finger swipe cannot zoom: the zoom gesture needs two).
extension ViewerCanvasInput {
    // MARK: Pinch

    func attachPinch() {
        let pinch = gtk_gesture_zoom_new()!
        Signal.connect(pinch, .begin) { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, let zoom = canvas.zoom else { return }
            stopAnimation()
            tap.tookOver()
            // The first finger may have pulled the pages already: the pinch takes over in place.
            dragMode = .pinch
            slideFinger = 0
            canvas.slideOffset = 0
            pinchStart = zoom.pinchStart(centre: centre(of: pinch) ?? zoom.viewportCenter)
        }
        Signal.connect(pinch, .scaleChanged) { [weak self] (factor: Double) in
            guard let self, let start = pinchStart, let centre = centre(of: pinch) else { return }
            canvas.updateZoom { $0.pinch(from: start, factor: factor, centre: centre) }
        }
        Signal.connect(pinch, .end) { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, pinchStart != nil else { return }
            pinchStart = nil
            PerformanceTrace.shared.record(.viewerPinchEnd, String(format: "level=%.4f", canvas.zoom?.level ?? 0))
            springBackToBestFit()
        }
        add(pinch)
    }

    private func centre(of gesture: some GPointer) -> ZoomModel.Point? {
        var x = 0.0, y = 0.0
        guard gtk_gesture_get_bounding_box_center(gesture.opaque, &x, &y) != 0 else { return nil }
        return ZoomModel.Point(x: x, y: y)
    }

    /// Pinched smaller than best fit: back to best fit once the fingers lift.
    private func springBackToBestFit() {
        guard let zoom = canvas.zoom, zoom.isBelowBestFit else { return }
        let from = zoom.scale, to = zoom.bestFitScale
        animation.animate(from: 0, to: 1, duration: Self.slideSeconds, update: { [weak self] progress in
            self?.canvas.updateZoom { $0.zoom(to: from * pow(to / from, progress), anchor: $0.viewportCenter) }
        }, completion: { [weak self] in
            self?.canvas.updateZoom { $0.zoomToBestFit() }
        })
    }

    // MARK: Drag: pan when zoomed, slide pages at best fit

    func attachDrag() {
        let drag = gtk_gesture_drag_new()!
        Signal.connect(drag, .dragBegin) { [weak self] (x: Double, y: Double) in
            // A finger landing while no pinch is on starts afresh, whatever the last gesture left.
            guard let self, let zoom = canvas.zoom, pinchStart == nil else { return }
            stopAnimation()
            dragStart = ZoomModel.Point(x: x, y: y)
            dragLast = .zero
            velocity.reset()
            velocity.add(dragStart, at: gtk_event_controller_get_current_event_time(drag.opaque))
            slideFinger = canvas.slideOffset
            if zoom.canPan {
                dragMode = .pan
                let right = zoom.offset.x + zoom.displayedSize.width
                slidesAtLeftEdge = zoom.offset.x >= -0.5
                slidesAtRightEdge = right <= zoom.viewportSize.width + 0.5
            } else {
                dragMode = .slide
            }
        }
        Signal.connect(drag, .dragUpdate) { [weak self] (dx: Double, dy: Double) in
            guard let self else { return }
            tap.moved(hypot(dx, dy))
            let step = ZoomModel.Point(x: dx - dragLast.x, y: dy - dragLast.y)
            dragLast = ZoomModel.Point(x: dx, y: dy)
            velocity.add(ZoomModel.Point(x: dragStart.x + dx, y: dragStart.y + dy),
                         at: gtk_event_controller_get_current_event_time(drag.opaque))
            switch dragMode {
            case .pan: panOrSlide(by: step)
            case .slide: slide(by: step.x)
            case .none, .pinch: break
            }
        }
        Signal.connect(drag, .dragEnd) { [weak self] (dx: Double, dy: Double) in
            guard let self else { return }
            let time = gtk_event_controller_get_current_event_time(drag.opaque)
            velocity.add(ZoomModel.Point(x: dragStart.x + dx, y: dragStart.y + dy), at: time)
            let release = velocity.velocity(at: time)
            PerformanceTrace.shared.record(.viewerDragEnd, String(format: "%.0f,%.0f", release.x, release.y))
            dragEnded(velocity: release)
        }
        add(drag)
    }

    private func slide(by dx: Double) {
        slideFinger += dx
        canvas.slideOffset = resisted(slideFinger)
    }

    /// Pans a zoomed picture; what it cannot move past an edge it touched when the finger
    /// landed pulls the pages instead, and pulling back first undoes that.
    private func panOrSlide(by step: ZoomModel.Point) {
        var dx = step.x
        if slideFinger != 0 {
            let next = slideFinger + dx
            if next * slideFinger > 0 {
                slide(by: dx)
                dx = 0
            } else {
                slide(by: -slideFinger)
                dx = next
            }
        }
        var moved = ZoomModel.Point.zero
        canvas.updateZoom { moved = $0.pan(by: ZoomModel.Point(x: dx, y: step.y)) }
        let left = dx - moved.x
        if (left > 0 && slidesAtLeftEdge) || (left < 0 && slidesAtRightEdge) { slide(by: left) }
    }

    private func dragEnded(velocity: ZoomModel.Point) {
        let mode = dragMode
        dragMode = .none
        switch mode {
        case .pan where slideFinger != 0: settleSlide(velocity: velocity.x)
        case .pan: startKinetic(velocity: velocity)
        case .slide: settleSlide(velocity: velocity.x)
        case .none, .pinch: break
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

    func resisted(_ offset: Double) -> Double {
        PageSwipe.resisted(offset) { [weak delegate] step in delegate?.hasPage(step) == true }
    }

    /// Finishes a slide: on to the neighbour when far or fast enough, else back.
    func settleSlide(velocity: Double) {
        let width = canvas.viewportSize.width
        let offset = canvas.slideOffset
        slideFinger = 0
        let step = PageSwipe.step(offset: offset, velocity: velocity, width: width) { [weak delegate] step in
            delegate?.hasPage(step) == true
        }
        let target = step == 0 ? 0 : -Double(step) * (width + ViewerCanvas.pageGap)
        animation.animate(from: offset, to: target, duration: Self.slideSeconds, update: { [weak self] value in
            self?.canvas.slideOffset = value
        }, completion: { [weak self] in
            guard let self else { return }
            if step != 0 { delegate?.completeSlide(step) }
            canvas.slideOffset = 0
        })
    }
}
