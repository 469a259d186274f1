import CGtk
import Foundation
import GObjectSupport

/// Runs a step on every frame of a widget's frame clock until it returns false or is stopped.
/// Used for the viewer's kinetic panning and page-slide snap, and for the grid's focus after a
/// layout: frame-synchronised, so it is smooth,
/// and it pauses by itself while the widget is not shown.
@MainActor
final class TickAnimation {
    private final class Box: @unchecked Sendable { // touched only on the main thread
        let step: @MainActor (_ elapsed: Double) -> Bool
        var lastFrameTime = 0
        var callbackID: guint = 0
        /// GTK drops a tick callback that returned false; removing it again would warn.
        var finished = false
        /// True while `step` runs: a stop() from inside it must not remove the callback twice.
        var inStep = false
        init(_ step: @escaping @MainActor (Double) -> Bool) { self.step = step }
    }

    private let widget: UnsafeMutablePointer<GtkWidget>
    private var current: Box?

    init(widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// `step` receives the seconds since the previous frame (0 on the first frame).
    func start(_ step: @escaping @MainActor (_ elapsed: Double) -> Bool) {
        stop()
        let box = Box(step)
        box.callbackID = gtk_widget_add_tick_callback(widget, { _, clock, data in
            let box = CallbackBox<Box>.borrow(data)
            let now = gdk_frame_clock_get_frame_time(clock)
            let elapsed = box.lastFrameTime == 0 ? 0 : Double(now - box.lastFrameTime) / 1_000_000
            box.lastFrameTime = now
            box.inStep = true
            let goOn = MainActor.assumeIsolated { box.step(elapsed) } && !box.finished
            box.inStep = false
            box.finished = !goOn
            return goOn ? 1 : 0
        }, CallbackBox<Box>.retain(box), CallbackBoxRelease.destroyNotify)
        current = box
    }

    /// Runs `action` once the layout GTK is about to do has happened: the first tick comes
    /// before that frame's layout, the second after it, when new widgets have positions.
    func afterNextLayout(_ action: @escaping @MainActor () -> Void) {
        var ticks = 0
        start { _ in
            ticks += 1
            guard ticks >= 2 else { return true }
            action()
            return false
        }
    }

    func stop() {
        if let current, !current.finished {
            current.finished = true
            if !current.inStep { gtk_widget_remove_tick_callback(widget, current.callbackID) }
        }
        current = nil
    }

    /// Animates a value from `from` to `to` with an ease-out curve over `duration` seconds.
    func animate(from: Double, to: Double, duration: Double,
                 update: @escaping @MainActor (Double) -> Void, completion: @escaping @MainActor () -> Void) {
        var time = 0.0
        start { elapsed in
            time += elapsed
            let progress = min(time / duration, 1)
            let eased = 1 - pow(1 - progress, 3)
            update(from + (to - from) * eased)
            if progress >= 1 { completion() }
            return progress < 1
        }
    }
}
