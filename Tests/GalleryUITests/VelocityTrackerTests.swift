@testable import GalleryUI
import XCTest

final class VelocityTrackerTests: XCTestCase {
    func testTheSpeedIsThatOfTheLastMoments() {
        var tracker = VelocityTracker()
        // Slow for a while, then fast: 550 px in 250 ms ends at 2.2 px/ms.
        for (time, x) in [(0, 0.0), (100, 10), (200, 20), (225, 75), (250, 130), (275, 185), (300, 240)] {
            tracker.add(ZoomModel.Point(x: -x, y: 0), at: UInt32(time))
        }
        XCTAssertEqual(tracker.velocity(at: 300).x, -2200, accuracy: 1)
        XCTAssertEqual(tracker.velocity(at: 300).y, 0)
    }

    func testAFingerThatStoppedBeforeLiftingHasNoSpeed() {
        var tracker = VelocityTracker()
        tracker.add(ZoomModel.Point(x: 0, y: 0), at: 1000)
        tracker.add(ZoomModel.Point(x: 300, y: 0), at: 1100)
        XCTAssertEqual(tracker.velocity(at: 1100 + VelocityTracker.window + 1), .zero)
    }

    func testEventTimesWrapAround() {
        var tracker = VelocityTracker()
        tracker.add(ZoomModel.Point(x: 0, y: 0), at: UInt32.max - 9)
        tracker.add(ZoomModel.Point(x: 0, y: 40), at: 10)
        XCTAssertEqual(tracker.velocity(at: 10).y, 2000, accuracy: 1)
    }
}
