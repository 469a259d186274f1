/// The finger's speed at release, from its recent positions: pure logic, unit-tested.
///
/// Only the last `window` milliseconds count, so a finger that stopped before lifting has no
/// speed, and one that moved fast at the end has the speed of the end, not of the whole drag.
struct VelocityTracker: Sendable {
    static let window: UInt32 = 100

    private var samples: [(time: UInt32, point: ZoomModel.Point)] = []

    mutating func reset() { samples.removeAll() }

    /// `time` is the event's time in milliseconds.
    mutating func add(_ point: ZoomModel.Point, at time: UInt32) {
        samples.append((time, point))
        samples.removeAll { time &- $0.time > Self.window }
    }

    /// Pixels per second at `time` (the release): zero when the finger rested for the window.
    func velocity(at time: UInt32) -> ZoomModel.Point {
        let recent = samples.filter { time &- $0.time <= Self.window }
        guard let first = recent.first, let last = recent.last, last.time != first.time else { return .zero }
        let seconds = Double(last.time &- first.time) / 1000
        return ZoomModel.Point(x: (last.point.x - first.point.x) / seconds, y: (last.point.y - first.point.y) / seconds)
    }
}
