/// Where a page swipe ends when the finger lifts: pure logic, unit-tested.
///
/// The picture has followed the finger by `offset` (negative: moved left, showing the next page).
/// Far enough turns the page; so does a flick, a fast release however short, in the direction
/// the picture moved. A flick back against the movement cancels the turn.
enum PageSwipe {
    /// Fraction of the width that turns the page without a flick.
    static let distanceThreshold = 0.2
    /// Release speed (logical px/s) that counts as a flick.
    static let flickVelocity = 400.0

    /// +1 next page, −1 previous, 0 back where it was. `hasPage` says whether a page is there.
    static func step(offset: Double, velocity: Double, width: Double, hasPage: (Int) -> Bool) -> Int {
        var step = 0
        if abs(velocity) >= flickVelocity {
            // Sideways flick: the direction it points, unless it points back against the slide.
            let direction = velocity < 0 ? 1 : -1
            step = Double(direction) * offset <= 0 ? direction : 0
        } else if abs(offset) > max(width, 1) * distanceThreshold {
            step = offset < 0 ? 1 : -1
        }
        return step != 0 && hasPage(step) ? step : 0
    }

    /// Past the first or last page the picture moves a third of the finger's distance.
    static func resisted(_ offset: Double, hasPage: (Int) -> Bool) -> Double {
        if offset > 0, !hasPage(-1) { return offset / 3 }
        if offset < 0, !hasPage(1) { return offset / 3 }
        return offset
    }
}
