import CGtk
import Foundation
import GalleryCore
import XCTest

/// Originals decoded for the screen: scaled while decoding, upright at every size, and their
/// full detail on demand.
final class ScreenSizedDecodingTests: XCTestCase {
    func testAPhotoIsDecodedToFitTheScreenAndItsFullDetailHasEveryPixel() throws {
        let data = TestImages.encoded(width: 3000, height: 2000, as: "jpeg")
        let screen = PixelSize(width: 1000, height: 700)

        let page = try ImageDecoder.original(from: data, fitting: screen)
        XCTAssertEqual(PixelSize(width: page.texture.pixelWidth, height: page.texture.pixelHeight),
                       PixelSize(width: 1000, height: 667))
        XCTAssertEqual(page.sourceSize, PixelSize(width: 3000, height: 2000))
        XCTAssertTrue(page.isScreenSized)
        XCTAssertFalse(page.wasDownscaled, "nothing is lost: zooming brings the full detail")

        let detail = try ImageDecoder.fullDetail(from: data)
        XCTAssertEqual(detail.size, PixelSize(width: 3000, height: 2000))
        XCTAssertEqual(detail.columns, 6)
        XCTAssertEqual(detail.rows, 4)
        let corner = detail.tile(column: 5, row: 3)
        XCTAssertEqual(corner.pixelWidth, 3000 - 5 * FullDetailImage.tileSide)
        XCTAssertEqual(corner.pixelHeight, 2000 - 3 * FullDetailImage.tileSide)
    }

    func testAnImageSmallerThanTheScreenIsDecodedAsItIs() throws {
        let page = try ImageDecoder.original(from: TestImages.encoded(width: 640, height: 480, as: "png"),
                                             fitting: PixelSize(width: 1920, height: 1080))
        XCTAssertEqual(page.texture.pixelWidth, 640)
        XCTAssertFalse(page.isScreenSized)
    }

    func testAPNGWithAlphaKeepsItsAlphaAtScreenSizeAndInDetail() throws {
        let pixbuf = TestImages.pixbuf(width: 1600, height: 1200, alpha: true)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let data = TestImages.encode(pixbuf, as: "png")
        let page = try ImageDecoder.original(from: data, fitting: PixelSize(width: 800, height: 800))
        XCTAssertEqual(page.texture.pixelWidth, 800)
        XCTAssertFalse(page.texture.isOpaque)
        XCTAssertFalse(try ImageDecoder.fullDetail(from: data).isOpaque)
    }

    func testEXIFOrientationIsAppliedAtScreenSizeAndInDetail() throws {
        // Stored 2000×1000, left half red, right half blue, orientation 6: people see 1000×2000,
        // red above blue.
        let data = try TestImages.sidewaysJPEG(width: 2000, height: 1000)
        // A landscape screen: the upright picture is 1000×2000, so it fits by height.
        let page = try ImageDecoder.original(from: data, fitting: PixelSize(width: 1600, height: 800))
        XCTAssertEqual(page.texture.pixelWidth, 400)
        XCTAssertEqual(page.texture.pixelHeight, 800)
        XCTAssertEqual(page.sourceSize, PixelSize(width: 1000, height: 2000))
        let top = TestImages.pixel(of: page.texture.texture, x: 200, y: 200)
        let bottom = TestImages.pixel(of: page.texture.texture, x: 200, y: 600)
        XCTAssertGreaterThan(top.red, 200)
        XCTAssertGreaterThan(bottom.blue, 200)
        // A portrait screen wider than the fit: the box is turned for the stored pixels, and
        // the picture comes out as sharp as the screen allows (not fitted sideways).
        let tall = try ImageDecoder.original(from: data, fitting: PixelSize(width: 900, height: 1200))
        XCTAssertEqual(tall.texture.pixelWidth, 600)
        XCTAssertEqual(tall.texture.pixelHeight, 1200)

        let detail = try ImageDecoder.fullDetail(from: data)
        XCTAssertEqual(detail.size, PixelSize(width: 1000, height: 2000))
        let firstTile = detail.tile(column: 0, row: 0), lastTile = detail.tile(column: 1, row: 3)
        withExtendedLifetime((firstTile, lastTile)) {
            XCTAssertGreaterThan(TestImages.pixel(of: firstTile.texture, x: 10, y: 10).red, 200)
            XCTAssertGreaterThan(TestImages.pixel(of: lastTile.texture, x: 10, y: 10).blue, 200)
        }
    }
}
