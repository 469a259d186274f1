@testable import GalleryUI
import XCTest

/// The tap's decision, where fullscreen cannot be watched (touch tests run under broadway).
final class ViewerTapDecisionTests: XCTestCase {
    private let point = ZoomModel.Point(x: 120, y: 80)

    func testASingleTapAsksForFullscreenAfterTheDoubleTapTime() {
        var tap = ViewerTapDecision()
        XCTAssertEqual(tap.pressed(count: 1, at: point), .none)
        tap.moved(3) // fingers wobble a little
        XCTAssertEqual(tap.released(count: 1), .fullscreenAfterDoubleTapTime)
    }

    func testADoubleTapTogglesZoomAtTheFingerAndNotFullscreen() {
        var tap = ViewerTapDecision()
        _ = tap.pressed(count: 1, at: point)
        _ = tap.released(count: 1)
        XCTAssertEqual(tap.pressed(count: 2, at: point), .toggleZoom(point))
        XCTAssertEqual(tap.released(count: 2), .none)
    }

    func testASecondDoubleTapInARowTogglesAgain() {
        var tap = ViewerTapDecision()
        for count in 1...4 {
            let action = tap.pressed(count: count, at: point)
            XCTAssertEqual(action, count % 2 == 0 ? .toggleZoom(point) : .none, "press \(count)")
            XCTAssertEqual(tap.released(count: count), count == 1 ? .fullscreenAfterDoubleTapTime : .none)
        }
    }

    func testASwipeIsNoTap() {
        var tap = ViewerTapDecision()
        _ = tap.pressed(count: 1, at: point)
        tap.moved(ViewerTapDecision.slop)
        XCTAssertEqual(tap.released(count: 1), .none)
    }

    func testAPinchOrALongPressIsNoTapEvenWhenTheFirstFingerStayedPut() {
        var tap = ViewerTapDecision()
        _ = tap.pressed(count: 1, at: point)
        tap.tookOver()
        XCTAssertEqual(tap.released(count: 1), .none)
        // The next press starts afresh.
        _ = tap.pressed(count: 1, at: point)
        XCTAssertEqual(tap.released(count: 1), .fullscreenAfterDoubleTapTime)
    }

    /// In fullscreen with the controls hidden a finger's tap brings them (and the filmstrip)
    /// back; the next tap, or a click, leaves fullscreen; a slideshow's tap only shows them.
    @MainActor
    func testAFingersTapInFullscreenBringsTheControlsBackFirst() {
        XCTAssertTrue(ViewerFullscreenChrome.tapShowsControls(byTouch: true, fullscreen: true, controlsRevealed: false, slideshow: false))
        XCTAssertFalse(ViewerFullscreenChrome.tapShowsControls(byTouch: true, fullscreen: true, controlsRevealed: true, slideshow: false))
        XCTAssertFalse(ViewerFullscreenChrome.tapShowsControls(byTouch: false, fullscreen: true, controlsRevealed: false, slideshow: false))
        XCTAssertFalse(ViewerFullscreenChrome.tapShowsControls(byTouch: true, fullscreen: false, controlsRevealed: false, slideshow: false))
        XCTAssertTrue(ViewerFullscreenChrome.tapShowsControls(byTouch: false, fullscreen: true, controlsRevealed: true, slideshow: true))
    }
}
