import CGtk
import GObjectSupport

/// Clicks and taps: one toggles fullscreen after the double-click time, two toggle best fit ↔
/// 200 % (`ViewerTapDecision`); the mouse's back and forward buttons turn pages; a finger held
/// opens the share menu.
extension ViewerCanvasInput {
    func attachClicks() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.opaque, 0) // all buttons: 8/9 are back/forward
        Signal.connect(click, .pressed) { [weak self] (presses: Int32, x: Double, y: Double) in
            guard let self else { return }
            switch gtk_gesture_single_get_current_button(click.opaque) {
            case 8: delegate?.turnPage(-1)
            case 9: delegate?.turnPage(1)
            case 1:
                let device = gtk_event_controller_get_current_event_device(click)
                tapIsTouch = device.map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHSCREEN } ?? false
                perform(tap.pressed(count: Int(presses), at: ZoomModel.Point(x: x, y: y)))
            default: break
            }
        }
        Signal.connect(click, .released) { [weak self] (presses: Int32, _: Double, _: Double) in
            guard let self, gtk_gesture_single_get_current_button(click.opaque) == 1 else { return }
            perform(tap.released(count: Int(presses)))
        }
        add(click)
    }

    private func perform(_ action: ViewerTapDecision.Action) {
        switch action {
        case .none: break
        case .toggleZoom(let point):
            pendingClick.cancel()
            toggleZoom(at: point)
        case .fullscreenAfterDoubleTapTime:
            // Wait out the double-click time: a second tap means zoom, not fullscreen.
            pendingClick.after(milliseconds: Self.doubleClickMilliseconds()) { [weak self] in
                self?.toggleFullscreenOnceQueuedInputIsHandled()
            }
        }
    }

    /// The single click's fullscreen, unless a second click comes first. A busy main loop can
    /// reach the double-click timeout before a second click that is already queued: an idle at
    /// low priority runs only once that input has been handled (a second press cancels it).
    private func toggleFullscreenOnceQueuedInputIsHandled() {
        pendingClick.idle(priority: G_PRIORITY_LOW) { [weak self] in
            PerformanceTrace.shared.record(.viewerFullscreenToggle)
            guard let self else { return }
            self.delegate?.toggleFullscreen(byTouch: self.tapIsTouch)
        }
    }

    /// Best fit ↔ 200 % at the tapped point, like GNOME Image Viewer.
    func toggleZoom(at point: ZoomModel.Point) {
        stopAnimation()
        canvas.updateZoom { zoom in
            if zoom.isBestFit { zoom.zoom(toLevel: 2, anchor: point) } else { zoom.zoomToBestFit() }
        }
    }

    // MARK: Long press

    /// A right click on the picture opens its menu there, as a long press does.
    func attachContextClick() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.opaque, guint(GDK_BUTTON_SECONDARY))
        Signal.connect(click, .pressed) { [weak self] (_: Int32, x: Double, y: Double) in
            guard let self, canvas.zoom != nil else { return }
            shareMenu.popup(at: ZoomModel.Point(x: x, y: y))
            PerformanceTrace.shared.record(.viewerShareMenu)
        }
        add(click)
    }

    /// A finger held on the picture opens its menu there; it is then no tap and no drag.
    func attachLongPress() {
        let press = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(press.opaque, 1)
        Signal.connect(press, .longPressed) { [weak self] (x: Double, y: Double) in
            guard let self else { return }
            tap.tookOver()
            guard dragMode != .pinch, let zoom = canvas.zoom else { return }
            let point = ZoomModel.Point(x: x, y: y)
            let picture = zoom.imagePoint(at: point)
            guard picture.x >= 0, picture.y >= 0, picture.x <= zoom.imageSize.width,
                  picture.y <= zoom.imageSize.height else { return }
            dragMode = .none
            canvas.slideOffset = 0
            shareMenu.popup(at: point)
            PerformanceTrace.shared.record(.viewerShareMenu)
        }
        add(press)
    }
}
