/// What a press and its release on the canvas mean: pure logic, unit-tested, so the tap's
/// decision is covered where fullscreen cannot happen (touch tests run without a window manager).
///
/// One tap (mouse click or finger) toggles fullscreen, but only once the double-tap time has
/// passed without a second one: a double tap toggles best fit ↔ 200 % at that point instead.
/// A press that turned into something else is no tap: it moved (a drag, a swipe), a second
/// finger came (a pinch), or it was held (the long-press menu).
struct ViewerTapDecision: Equatable, Sendable {
    enum Action: Equatable, Sendable {
        case none
        /// Toggle fullscreen after the double-tap time, unless another press comes first.
        case fullscreenAfterDoubleTapTime
        /// Forget a fullscreen waiting for the double-tap time, and toggle zoom at the point.
        case toggleZoom(ZoomModel.Point)
    }

    /// How far (logical px) a finger or pointer may wander and still tap.
    static let slop = 8.0

    private var wandered = 0.0
    private var becameOtherGesture = false

    /// `count` is GTK's press count: 2 for the second press within the double-click time, and
    /// on up while presses keep coming that fast, so the 4th is the second double tap.
    mutating func pressed(count: Int, at point: ZoomModel.Point) -> Action {
        wandered = 0
        becameOtherGesture = false
        return count >= 2 && count % 2 == 0 ? .toggleZoom(point) : .none
    }

    /// The press moved `distance` from where it started.
    mutating func moved(_ distance: Double) {
        wandered = max(wandered, distance)
    }

    /// A second finger (pinch) or a hold (long-press menu) took over this press.
    mutating func tookOver() {
        becameOtherGesture = true
    }

    mutating func released(count: Int) -> Action {
        guard count == 1, wandered < Self.slop, !becameOtherGesture else { return .none }
        return .fullscreenAfterDoubleTapTime
    }
}
