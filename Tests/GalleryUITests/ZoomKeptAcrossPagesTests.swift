@testable import GalleryUI
import XCTest

/// "Keep Zoom When Paging" and the zoom menu's typed level, without a window: what is kept of a
/// zoom, how it is given to a picture of another size, and when.
final class ZoomKeptAcrossPagesTests: XCTestCase {
    private typealias Size = ZoomModel.Size
    private typealias Point = ZoomModel.Point

    private func model(_ width: Double, _ height: Double) -> ZoomModel {
        ZoomModel(imageSize: Size(width: width, height: height), viewportSize: Size(width: 1000, height: 600))
    }

    func testAZoomIsKeptAsItsLevelAndThePictureFractionInTheMiddle() throws {
        var first = model(800, 600)
        XCTAssertNil(first.kept, "best fit is nothing to carry: every page starts there")
        first.zoom(toLevel: 2, anchor: first.viewportCenter)
        first.pan(by: Point(x: 150, y: 100))
        let kept = try XCTUnwrap(first.kept)
        XCTAssertEqual(kept.level, 2, accuracy: 1e-9)
        // The middle of the view (500, 300) now shows the picture's point (325, 250).
        XCTAssertEqual(kept.centre.x, 325.0 / 800, accuracy: 1e-9)
        XCTAssertEqual(kept.centre.y, 250.0 / 600, accuracy: 1e-9)

        var second = model(1200, 900)
        second.apply(kept)
        XCTAssertEqual(second.level, 2, accuracy: 1e-9)
        XCTAssertFalse(second.isBestFit)
        let middle = second.imagePoint(at: second.viewportCenter)
        XCTAssertEqual(middle.x, 1200 * 325.0 / 800, accuracy: 1e-6, "the same point of a larger picture")
        XCTAssertEqual(middle.y, 900 * 250.0 / 600, accuracy: 1e-6)
    }

    func testAKeptPointNearAnEdgeStopsAtThePicturesEdge() throws {
        var first = model(4000, 3000)
        first.zoom(toLevel: 1, anchor: first.viewportCenter)
        first.pan(by: Point(x: 10_000, y: 10_000)) // the top-left corner
        let kept = try XCTUnwrap(first.kept)
        var second = model(1200, 900)
        second.apply(kept)
        XCTAssertEqual(second.offset.x, 0, accuracy: 1e-9, "the picture's left edge stays at the view's")
        XCTAssertEqual(second.offset.y, 0, accuracy: 1e-9)
    }

    @MainActor
    func testTheKeeperGivesAPageTheZoomOnceAndOnlyWhenOn() {
        var zoomed = model(800, 600)
        zoomed.zoom(toLevel: 4, anchor: zoomed.viewportCenter)
        let keeper = ZoomKeeper(isOn: false)
        keeper.leaving(pictureZoom: zoomed)
        keeper.pageTurned()
        XCTAssertNil(keeper.zoom(forShown: 1), "off: every page starts at best fit")

        keeper.isOn = true
        keeper.leaving(pictureZoom: zoomed)
        keeper.pageTurned()
        XCTAssertEqual(keeper.zoom(forShown: 1)?.level ?? 0, 4, accuracy: 1e-9)
        XCTAssertNil(keeper.zoom(forShown: 1), "given once: the page's zoom is the person's after that")

        // Paged on from a page still showing its thumbnail: the last picture's zoom carries on.
        keeper.leaving(pictureZoom: nil)
        keeper.pageTurned()
        XCTAssertEqual(keeper.zoom(forShown: 2)?.level ?? 0, 4, accuracy: 1e-9)

        // Left at best fit: best fit carries on.
        keeper.leaving(pictureZoom: model(800, 600))
        keeper.pageTurned()
        XCTAssertNil(keeper.zoom(forShown: 3))

        keeper.leaving(pictureZoom: zoomed)
        keeper.isOn = false
        keeper.isOn = true
        keeper.pageTurned()
        XCTAssertNil(keeper.zoom(forShown: 4), "turned off, the kept zoom is forgotten")
    }

    func testATypedLevelIsAPercentInEitherDecimalMark() {
        XCTAssertEqual(ZoomLevelText.level(typed: "150"), 1.5)
        XCTAssertEqual(ZoomLevelText.level(typed: " 150 % "), 1.5)
        XCTAssertEqual(ZoomLevelText.level(typed: "87,5"), 0.875)
        XCTAssertEqual(ZoomLevelText.level(typed: "87.5%"), 0.875)
        for nonsense in ["", "%", "abc", "-20", "0", "1e400", "nan", "1.2.3", "٣٠٠", "100 %%"] {
            XCTAssertNil(ZoomLevelText.level(typed: nonsense), nonsense)
        }
        XCTAssertEqual(ZoomLevelText.label(for: 1.5), "150 %")
        XCTAssertEqual(ZoomLevelText.label(for: 0.8751), "88 %")
    }
}
