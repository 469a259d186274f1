import Foundation
import XCTest
@testable import GalleryCore

/// A public set of one photo stored eight ways (`Tests/Fixtures/exif-orientation-examples`),
/// each tagged with the EXIF orientation that turns it upright: every one is shown as the
/// untransformed one is — a page, a thumbnail, and the region a zoom decodes — through the
/// sandboxed decoder, as the app shows them.
final class ExifOrientationConformanceTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exif-orientation-examples")
    /// Each file is its own JPEG encoding of the turned pixels: a few levels of difference on
    /// average; a picture turned or mirrored wrongly differs by tens.
    private static let meanTolerance = 4.0

    private func photo(_ orientation: Int) throws -> Data {
        try Data(contentsOf: Self.folder.appendingPathComponent("Landscape_\(orientation).jpg"))
    }

    func testEveryOrientationIsShownUprightAsAPage() throws {
        let screen = PixelSize(width: 900, height: 900)
        let upright = try ImageDecoder.original(from: photo(1), fitting: screen)
        XCTAssertEqual(PixelSize(width: upright.sourceWidth, height: upright.sourceHeight), PixelSize(width: 1800, height: 1200))
        let reference = upright.texture.premultipliedRGBA()
        for orientation in 2...8 {
            let page = try ImageDecoder.original(from: photo(orientation), fitting: screen)
            XCTAssertEqual(PixelSize(width: page.sourceWidth, height: page.sourceHeight), PixelSize(width: 1800, height: 1200),
                           "orientation \(orientation): the size upright")
            XCTAssertEqual(page.texture.pixelWidth, upright.texture.pixelWidth, "orientation \(orientation)")
            XCTAssertEqual(page.texture.pixelHeight, upright.texture.pixelHeight, "orientation \(orientation)")
            guard page.texture.pixelWidth == upright.texture.pixelWidth, page.texture.pixelHeight == upright.texture.pixelHeight
            else { continue }
            XCTAssertLessThanOrEqual(PixelDifference(page.texture.premultipliedRGBA(), reference).mean, Self.meanTolerance,
                                     "orientation \(orientation)")
        }
    }

    func testEveryOrientationIsUprightAsAThumbnail() throws {
        let reference = try ImageDecoder.thumbnail(from: photo(1)).image
        for orientation in 2...8 {
            let thumbnail = try ImageDecoder.thumbnail(from: photo(orientation)).image
            XCTAssertEqual(thumbnail.sourceSize, reference.sourceSize, "orientation \(orientation)")
            XCTAssertLessThanOrEqual(PixelDifference(thumbnail.texture.premultipliedRGBA(), reference.texture.premultipliedRGBA()).mean,
                                     Self.meanTolerance, "orientation \(orientation)")
        }
    }

    /// A zoom decodes only its region of the stored picture: the region of the upright one.
    func testEveryOrientationsZoomedRegionIsTheUprightRegion() throws {
        let region = DetailRegion(x: 1000, y: 200, width: 500, height: 700, devicePixelsPerSourcePixel: 1)
        let reference = try ImageDecoder.fullDetail(from: photo(1), covering: region)
        for orientation in 2...8 {
            let detail = try ImageDecoder.fullDetail(from: photo(orientation), covering: region)
            XCTAssertEqual(detail.size, PixelSize(width: 1800, height: 1200), "orientation \(orientation)")
            XCTAssertEqual(detail.pixelSize, reference.pixelSize, "orientation \(orientation)")
            XCTAssertEqual(detail.origin.x, reference.origin.x, "orientation \(orientation)")
            XCTAssertEqual(detail.origin.y, reference.origin.y, "orientation \(orientation)")
            guard detail.pixelSize == reference.pixelSize else { continue }
            let pixels = DetailPixels(detail), expected = DetailPixels(reference)
            var total = 0, count = 0
            for y in stride(from: 0, to: detail.pixelSize.height, by: 7) {
                for x in stride(from: 0, to: detail.pixelSize.width, by: 7) {
                    let (r1, g1, b1) = pixels.at(x, y), (r2, g2, b2) = expected.at(x, y)
                    total += abs(Int(r1) - Int(r2)) + abs(Int(g1) - Int(g2)) + abs(Int(b1) - Int(b2))
                    count += 3
                }
            }
            XCTAssertLessThanOrEqual(Double(total) / Double(count), Self.meanTolerance, "orientation \(orientation)")
        }
    }
}
