import Foundation
@testable import GalleryCore
import XCTest

/// PNGs shown smaller than they are decode row by row (`PNGRowScaling`): a 100-megapixel PNG of
/// a few KB gets its thumbnail in a few megabytes instead of the 300 MB gdk-pixbuf's loader
/// allocated, and the picture a person sees (colours, transparency, interlaced files) is intact.
final class LargePNGDecodeTests: XCTestCase {
    private var heldBefore = 0

    override func setUp() {
        DecodeThreads.pixels.resetPeak()
        heldBefore = DecodeThreads.pixels.held
    }

    func testAHundredMegapixelPNGsThumbnailAndScreenPageTakeAFewMegabytes() throws {
        let png = HostileImages.blackPNG(width: 10000, height: 10000)
        var thumbnail: Thumbnail?
        var page: DecodedImage?
        let peak = try DecodingHere.run { try PeakMemory.measure {
            thumbnail = try ImageDecoder.thumbnail(from: png)
            page = try ImageDecoder.original(from: png, fitting: PixelSize(width: 1920, height: 1080))
        } }
        let side = ImageDecoder.defaultThumbnailSide
        XCTAssertEqual(thumbnail.map { [$0.image.texture.pixelWidth, $0.image.texture.pixelHeight] }, [side, side])
        XCTAssertEqual(page.map { [$0.texture.pixelWidth, $0.texture.pixelHeight] }, [1080, 1080])
        XCTAssertEqual(page?.isScreenSized, true, "the viewer knows there is more detail to load")
        XCTAssertEqual(page.map { [$0.sourceWidth, $0.sourceHeight] }, [10000, 10000])
        XCTAssertEqual(thumbnail?.image.pixels.prefix(4), Data([0, 0, 0, 255]), "black, opaque")
        XCTAssertLessThan(peak, 48 << 20, "gdk-pixbuf's loader took 300 MB for each")
        XCTAssertLessThan(DecodeThreads.pixels.peak - heldBefore, 2_000_000,
                          "the budget counted the scaled image and a row, not 100 megapixels")
        print("100-megapixel PNG, thumbnail and page: peak RSS rise \(peak >> 20) MB, "
              + "budget peak \(DecodeThreads.pixels.peak - heldBefore) pixels")
    }

    func testScaledRowByRowAPNGKeepsItsColoursAndTransparencyInterlacedOrNot() throws {
        // Left: opaque red. Right: transparent green above, opaque blue below. 1602 px wide, so
        // one target column straddles the red and the transparent pixels.
        for interlaced in [false, true] {
            DecodeThreads.pixels.resetPeak()
            let png = HostileImages.rgbaPNG(width: 1602, height: 1200, interlaced: interlaced) { x, y in
                x < 800 ? [255, 0, 0, 255] : y < 600 ? [0, 255, 0, 0] : [0, 0, 255, 255]
            }
            let image = try ImageDecoder.original(from: png, fitting: PixelSize(width: 400, height: 400))
            XCTAssertEqual([image.texture.pixelWidth, image.texture.pixelHeight], [400, 300])
            XCTAssertLessThan(DecodeThreads.pixels.peak - heldBefore, 1602 * 1200, "never decoded whole")
            let pixels = image.pixels // premultiplied BGRA
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 400 + x) * 4..<(y * 400 + x) * 4 + 4]) }
            XCTAssertEqual(pixel(100, 150), [0, 0, 255, 255], "red (interlaced: \(interlaced))")
            XCTAssertEqual(pixel(300, 75)[3], 0, "transparent (interlaced: \(interlaced))")
            XCTAssertEqual(pixel(300, 225), [255, 0, 0, 255], "blue (interlaced: \(interlaced))")
            let edge = (0..<400).map { pixel($0, 75) }
            XCTAssertTrue(edge.contains { (1...254).contains($0[3]) }, "an edge pixel partly covered")
            XCTAssertTrue(edge.allSatisfy { $0[1] == 0 }, "the transparent green does not tint the edge")
        }
    }

    func testADamagedLargePNGIsDamagedNotACrash() throws {
        var png = HostileImages.blackPNG(width: 10000, height: 10000)
        let idat = png.range(of: Data("IDAT".utf8))!
        png[idat.upperBound + 8] ^= 0xFF // inside the compressed rows: the chunk's CRC no longer matches
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: png)) { XCTAssertEqual($0 as? LoadError, .damaged) }
        XCTAssertEqual(DecodeThreads.pixels.held, heldBefore, "its budget was given back")
    }
}
