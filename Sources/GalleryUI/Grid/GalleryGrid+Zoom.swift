import CGtk
import Foundation
import GObjectSupport

/// Larger and smaller tiles by hand: Ctrl with the wheel or a touchpad, and a pinch on a
/// touchscreen, step through `ThumbnailSize`'s choices as Files does.
extension GalleryGrid {
    /// A pinch steps once per this factor of spread (about a third wider or narrower).
    static let pinchStepFactor = 1.35
    /// Touchpad scrolling with Ctrl steps once per this many pixels of scroll.
    static let smoothScrollStep = 60.0

    func connectZoomInput() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        // Before the scrolled window: with Ctrl the wheel sizes the tiles instead of scrolling.
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        var smoothScroll = 0.0
        Signal.connect(scroll, .scroll) { [weak self] (_: Double, dy: Double) in
            guard let self else { return false }
            let state = gtk_event_controller_get_current_event_state(scroll)
            guard state.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            if gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL {
                if dy != 0 { self.onCellSideRequest?(dy < 0 ? 1 : -1) }
            } else {
                smoothScroll += dy
                let steps = Int((smoothScroll / Self.smoothScrollStep).rounded(.towardZero))
                if steps != 0 {
                    smoothScroll -= Double(steps) * Self.smoothScrollStep
                    self.onCellSideRequest?(-steps)
                }
            }
            return true
        }
        gtk_widget_add_controller(scrolledWindow, scroll)

        let pinch = gtk_gesture_zoom_new()!
        var stepsTaken = 0
        Signal.connect(pinch, .begin) { (_: UnsafeMutableRawPointer?) in
            stepsTaken = 0
            // Two fingers: not a long press on a tile, nor a scroll.
            gtk_gesture_set_state(pinch.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        Signal.connect(pinch, .scaleChanged) { [weak self] (factor: Double) in
            guard let self, factor > 0 else { return }
            let steps = Int((log(factor) / log(Self.pinchStepFactor)).rounded(.towardZero))
            guard steps != stepsTaken else { return }
            self.onCellSideRequest?(steps - stepsTaken)
            stepsTaken = steps
        }
        gtk_widget_add_controller(scrolledWindow, pinch.opaque)
    }
}
