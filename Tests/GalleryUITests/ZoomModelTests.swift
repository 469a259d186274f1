@testable import GalleryUI
import XCTest

final class ZoomModelTests: XCTestCase {
    private typealias Size = ZoomModel.Size
    private typealias Point = ZoomModel.Point

    private func assertClose(_ a: Point, _ b: Point, accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, file: file, line: line)
    }

    /// The image lies entirely inside the viewport and touches it on the limiting side.
    private func assertFits(_ zoom: ZoomModel, file: StaticString = #filePath, line: UInt = #line) {
        let shown = zoom.displayedSize
        XCTAssertLessThanOrEqual(shown.width, zoom.viewportSize.width + 1e-9, file: file, line: line)
        XCTAssertLessThanOrEqual(shown.height, zoom.viewportSize.height + 1e-9, file: file, line: line)
        XCTAssertEqual(zoom.offset.x, (zoom.viewportSize.width - shown.width) / 2, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(zoom.offset.y, (zoom.viewportSize.height - shown.height) / 2, accuracy: 1e-9, file: file, line: line)
    }

    func testBestFitOfWideImageFillsTheWidthAndCentresVertically() {
        let zoom = ZoomModel(imageSize: Size(width: 4000, height: 1000), viewportSize: Size(width: 800, height: 600))
        XCTAssertTrue(zoom.isBestFit)
        XCTAssertEqual(zoom.displayedSize.width, 800, accuracy: 1e-9)
        XCTAssertEqual(zoom.displayedSize.height, 200, accuracy: 1e-9)
        assertFits(zoom)
        XCTAssertFalse(zoom.canPan)
    }

    func testBestFitOfTallImageFillsTheHeight() {
        let zoom = ZoomModel(imageSize: Size(width: 1000, height: 3000), viewportSize: Size(width: 800, height: 600))
        XCTAssertEqual(zoom.displayedSize.height, 600, accuracy: 1e-9)
        XCTAssertEqual(zoom.displayedSize.width, 200, accuracy: 1e-9)
        assertFits(zoom)
    }

    func testBestFitNeverEnlargesASmallImage() {
        let zoom = ZoomModel(imageSize: Size(width: 100, height: 50), viewportSize: Size(width: 800, height: 600))
        XCTAssertEqual(zoom.displayedSize, Size(width: 100, height: 50))
        XCTAssertEqual(zoom.level, 1, accuracy: 1e-9)
        assertFits(zoom)
    }

    func testOneHundredPercentIsOneImagePixelPerDevicePixelOnScaleTwo() {
        var zoom = ZoomModel(imageSize: Size(width: 3000, height: 2000),
                             viewportSize: Size(width: 1000, height: 800), deviceScale: 2)
        zoom.zoom(toLevel: 1, anchor: zoom.viewportCenter)
        // 3000 device pixels on a scale-2 screen are 1500 logical pixels.
        XCTAssertEqual(zoom.displayedSize.width * 2, 3000, accuracy: 1e-9)
        XCTAssertEqual(zoom.displayedSize.height * 2, 2000, accuracy: 1e-9)

        let small = ZoomModel(imageSize: Size(width: 200, height: 100),
                              viewportSize: Size(width: 1000, height: 800), deviceScale: 2)
        XCTAssertEqual(small.displayedSize, Size(width: 100, height: 50), "best fit stops at 100 % of device pixels")
    }

    func testZoomKeepsTheImagePointUnderTheAnchor() {
        let anchors = [Point(x: 100, y: 100), Point(x: 250, y: 400), Point(x: 490, y: 10), Point(x: 3, y: 497)]
        for anchor in anchors {
            for factor in [1.5, 0.8, 3.0] {
                var zoom = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: Size(width: 500, height: 500))
                zoom.zoom(toLevel: 2, anchor: zoom.viewportCenter) // 2000 px shown: covers the viewport
                zoom.pan(by: Point(x: -300, y: -200))
                let before = zoom.imagePoint(at: anchor)
                zoom.zoom(by: factor, anchor: anchor)
                XCTAssertTrue(zoom.displayedSize.width >= 500 && zoom.displayedSize.height >= 500)
                assertClose(zoom.imagePoint(at: anchor), before, accuracy: 1e-6)
            }
        }
    }

    func testZoomingInFromBestFitKeepsTheAnchorOnceTheImageOverflows() {
        var zoom = ZoomModel(imageSize: Size(width: 1600, height: 1200), viewportSize: Size(width: 800, height: 600))
        let anchor = Point(x: 200, y: 150)
        let before = zoom.imagePoint(at: anchor)
        zoom.zoom(by: 1.5, anchor: anchor) // both sides now overflow the viewport
        assertClose(zoom.imagePoint(at: anchor), before)
        XCTAssertFalse(zoom.isBestFit)
        XCTAssertTrue(zoom.canPan)
    }

    func testZoomIsClampedAtTwentyTimesAndAtAQuarterOfBestFit() {
        var zoom = ZoomModel(imageSize: Size(width: 1000, height: 500), viewportSize: Size(width: 500, height: 500))
        let fit = zoom.scale
        zoom.zoom(to: 1_000, anchor: zoom.viewportCenter)
        XCTAssertEqual(zoom.level, 20, accuracy: 1e-9)
        zoom.zoom(by: 2, anchor: Point(x: 10, y: 10))
        XCTAssertEqual(zoom.level, 20, accuracy: 1e-9)
        zoom.zoom(to: 0.000_001, anchor: zoom.viewportCenter)
        XCTAssertEqual(zoom.scale, fit / 4, accuracy: 1e-12)
        assertFits(zoom)

        var hidpi = ZoomModel(imageSize: Size(width: 100, height: 100), viewportSize: Size(width: 500, height: 500), deviceScale: 2)
        hidpi.zoom(to: 1_000, anchor: hidpi.viewportCenter)
        XCTAssertEqual(hidpi.displayedSize.width * 2, 100 * 20, accuracy: 1e-9, "20 × in device pixels")
    }

    func testPanCannotDragTheImageOffScreen() {
        var zoom = ZoomModel(imageSize: Size(width: 1000, height: 1000), viewportSize: Size(width: 400, height: 300))
        zoom.zoom(toLevel: 1, anchor: zoom.viewportCenter)
        zoom.pan(by: Point(x: 1e6, y: 1e6))
        XCTAssertEqual(zoom.offset, Point(x: 0, y: 0))
        let moved = zoom.pan(by: Point(x: -1e6, y: -1e6))
        XCTAssertEqual(zoom.offset, Point(x: 400 - 1000, y: 300 - 1000))
        XCTAssertEqual(moved, Point(x: -600, y: -700), "reports the movement that happened")
        XCTAssertEqual(zoom.pan(by: Point(x: -5, y: -5)), .zero, "at the edge nothing moves")
    }

    func testAnImageSmallerThanTheViewportStaysCentredWhenPanned() {
        var zoom = ZoomModel(imageSize: Size(width: 100, height: 100), viewportSize: Size(width: 400, height: 300))
        zoom.pan(by: Point(x: 50, y: -80))
        XCTAssertEqual(zoom.offset, Point(x: 150, y: 100))
    }

    func testResizingFollowsBestFitOrKeepsTheCentrePoint() {
        var fitted = ZoomModel(imageSize: Size(width: 2000, height: 1000), viewportSize: Size(width: 1000, height: 1000))
        fitted.setViewport(Size(width: 500, height: 1000), deviceScale: 1)
        XCTAssertEqual(fitted.displayedSize.width, 500, accuracy: 1e-9)
        XCTAssertTrue(fitted.isBestFit)

        var zoomed = ZoomModel(imageSize: Size(width: 2000, height: 1000), viewportSize: Size(width: 1000, height: 800))
        zoomed.zoom(toLevel: 1, anchor: Point(x: 300, y: 300))
        let centre = zoomed.imagePoint(at: zoomed.viewportCenter)
        zoomed.setViewport(Size(width: 600, height: 500), deviceScale: 1)
        XCTAssertEqual(zoomed.level, 1, accuracy: 1e-9)
        assertClose(zoomed.imagePoint(at: zoomed.viewportCenter), centre)
    }

    // MARK: Pinch

    func testAPinchScalesByTheFingersRatioAndKeepsThePointUnderThem() {
        var zoom = ZoomModel(imageSize: Size(width: 2000, height: 1500), viewportSize: Size(width: 800, height: 600))
        let fingers = Point(x: 300, y: 250)
        let start = zoom.pinchStart(centre: fingers)
        let under = zoom.imagePoint(at: fingers)
        for factor in [1.3, 2, 5] {
            zoom.pinch(from: start, factor: factor, centre: fingers)
            XCTAssertEqual(zoom.scale, start.scale * factor, accuracy: 1e-9)
            assertClose(zoom.imagePoint(at: fingers), under)
        }
        XCTAssertFalse(zoom.isBestFit)
    }

    func testMovingBothFingersPans() {
        var zoom = ZoomModel(imageSize: Size(width: 2000, height: 1500), viewportSize: Size(width: 800, height: 600))
        zoom.zoom(toLevel: 1, anchor: zoom.viewportCenter)
        let start = zoom.pinchStart(centre: Point(x: 400, y: 300))
        let under = zoom.imagePoint(at: Point(x: 400, y: 300))
        zoom.pinch(from: start, factor: 1, centre: Point(x: 470, y: 260))
        assertClose(zoom.imagePoint(at: Point(x: 470, y: 260)), under)
    }

    func testAPinchStopsAtTheMaximumAndMayGoBelowBestFitUntilSettled() {
        var zoom = ZoomModel(imageSize: Size(width: 400, height: 300), viewportSize: Size(width: 800, height: 600))
        let start = zoom.pinchStart(centre: zoom.viewportCenter)
        zoom.pinch(from: start, factor: 100, centre: zoom.viewportCenter)
        XCTAssertEqual(zoom.scale, zoom.maximumScale, accuracy: 1e-9)
        zoom.pinch(from: start, factor: 0.5, centre: zoom.viewportCenter)
        XCTAssertTrue(zoom.isBelowBestFit)
        assertFits(zoom) // smaller than the viewport: centred
        zoom.zoomToBestFit()
        XCTAssertFalse(zoom.isBelowBestFit)
    }
}
