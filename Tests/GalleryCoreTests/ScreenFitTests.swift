import GalleryCore
import XCTest

/// The viewer's size decisions: what a page is decoded at, and when a zoom needs full detail.
final class ScreenFitTests: XCTestCase {
    func testTheBoxIsTheViewportTimesTheDisplayScale() {
        XCTAssertEqual(ScreenFit.box(width: 1000, height: 668, deviceScale: 1), PixelSize(width: 1000, height: 668))
        XCTAssertEqual(ScreenFit.box(width: 1000, height: 668, deviceScale: 2), PixelSize(width: 2000, height: 1336))
        // Fractional logical sizes round up: one device pixel short would be a blurry column.
        XCTAssertEqual(ScreenFit.box(width: 999.5, height: 600.2, deviceScale: 1), PixelSize(width: 1000, height: 601))
    }

    func testA24MegapixelPhotoFitsTheScreenAndASmallImageIsNeverEnlarged() {
        let box = PixelSize(width: 1920, height: 1080)
        XCTAssertEqual(ScreenFit.fitted(PixelSize(width: 6000, height: 4000), in: box), PixelSize(width: 1620, height: 1080))
        XCTAssertEqual(ScreenFit.fitted(PixelSize(width: 4000, height: 6000), in: box), PixelSize(width: 720, height: 1080))
        XCTAssertEqual(ScreenFit.fitted(PixelSize(width: 8000, height: 1000), in: box), PixelSize(width: 1920, height: 240))
        XCTAssertEqual(ScreenFit.fitted(PixelSize(width: 800, height: 600), in: box), PixelSize(width: 800, height: 600))
    }

    func testAPhotoStoredSidewaysIsDecodedIntoATurnedBox() {
        let box = PixelSize(width: 1920, height: 1080)
        XCTAssertEqual(ScreenFit.storedBox(box, orientationSwapsSides: true), PixelSize(width: 1080, height: 1920))
        XCTAssertEqual(ScreenFit.storedBox(box, orientationSwapsSides: false), box)
    }

    func testZoomingPastTheScreenSizedTextureNeedsFullDetail() {
        // 8660 px wide photo, 1620 px texture: best fit on a 1620 px wide viewport is fine.
        let best = 1620.0 / 8660
        XCTAssertFalse(ScreenFit.needsFullDetail(textureWidth: 1620, sourceWidth: 8660, devicePixelsPerSourcePixel: best))
        XCTAssertTrue(ScreenFit.needsFullDetail(textureWidth: 1620, sourceWidth: 8660, devicePixelsPerSourcePixel: best * 1.25))
        XCTAssertTrue(ScreenFit.needsFullDetail(textureWidth: 1620, sourceWidth: 8660, devicePixelsPerSourcePixel: 1))
        // On a scale-2 screen the same logical zoom shows twice the device pixels.
        XCTAssertFalse(ScreenFit.needsFullDetail(textureWidth: 3240, sourceWidth: 8660, devicePixelsPerSourcePixel: best * 2))
        XCTAssertTrue(ScreenFit.needsFullDetail(textureWidth: 1620, sourceWidth: 8660, devicePixelsPerSourcePixel: best * 2))
        // A texture that is the whole image never needs more, however far one zooms.
        XCTAssertFalse(ScreenFit.needsFullDetail(textureWidth: 800, sourceWidth: 800, devicePixelsPerSourcePixel: 20))
    }
}
