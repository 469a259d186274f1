import Foundation
import XCTest
@testable import GalleryCore

/// A public set of one photo stored eight ways (`Tests/Fixtures/exif-orientation-examples`),
/// each tagged with the EXIF orientation that turns it upright: every one is shown as Pillow
/// decodes the untransformed one (`ExternalReference`, never the app's own decoders) — a page,
/// a thumbnail (against Pillow's average of it, cut to the tile's middle square), and the region a zoom
/// decodes — through the sandboxed decoder, as the app shows them.
final class ExifOrientationConformanceTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exif-orientation-examples")
    /// Each file is its own JPEG encoding of the turned pixels: a few levels of difference on
    /// average; a picture turned or mirrored wrongly differs by tens.
    private static let meanTolerance = 4.0

    private func photo(_ orientation: Int) throws -> Data {
        try Data(contentsOf: Self.folder.appendingPathComponent("Landscape_\(orientation).jpg"))
    }

    private var upright: URL { Self.folder.appendingPathComponent("Landscape_1.jpg") }

    func testEveryOrientationIsShownUprightAsAPage() throws {
        let reference = try ExternalReference.read(upright)
        XCTAssertEqual(reference.size, PixelSize(width: 1800, height: 1200))
        let screen = PixelSize(width: 900, height: 900)
        for orientation in 1...8 {
            let page = try ImageDecoder.original(from: photo(orientation))
            let difference = try XCTUnwrap(reference.difference(from: page.texture), "orientation \(orientation): the size upright")
            XCTAssertLessThanOrEqual(difference.mean, Self.meanTolerance, "orientation \(orientation)")
            // Fitted to a screen, the same size upright.
            let fitted = try ImageDecoder.original(from: photo(orientation), fitting: screen)
            XCTAssertEqual(PixelSize(width: fitted.sourceWidth, height: fitted.sourceHeight), reference.size, "orientation \(orientation)")
            XCTAssertEqual([fitted.texture.pixelWidth, fitted.texture.pixelHeight], [900, 600], "orientation \(orientation)")
        }
    }

    func testEveryOrientationIsUprightAsAThumbnail() throws {
        for orientation in 1...8 {
            let thumbnail = try ImageDecoder.thumbnail(from: photo(orientation)).image
            XCTAssertEqual(thumbnail.sourceSize, PixelSize(width: 1800, height: 1200), "orientation \(orientation)")
            let size = PixelSize(width: thumbnail.texture.pixelWidth, height: thumbnail.texture.pixelHeight)
            let reference = try ExternalReference.read(upright, scaledTo: size)
            let difference = try XCTUnwrap(reference.difference(from: thumbnail.texture))
            XCTAssertLessThanOrEqual(difference.mean, Self.meanTolerance, "orientation \(orientation)")
        }
    }

    /// A zoom decodes only its region of the stored picture: the region of the upright one.
    func testEveryOrientationsZoomedRegionIsTheUprightRegion() throws {
        let region = DetailRegion(x: 1000, y: 200, width: 500, height: 700, devicePixelsPerSourcePixel: 1)
        let reference = try ExternalReference.read(upright)
        for orientation in 1...8 {
            let detail = try ImageDecoder.fullDetail(from: photo(orientation), covering: region)
            XCTAssertEqual(detail.size, PixelSize(width: 1800, height: 1200), "orientation \(orientation)")
            // The region at full detail, placed where it lies in the upright picture.
            XCTAssertLessThanOrEqual(detail.origin.x, 1000, "orientation \(orientation)")
            XCTAssertLessThanOrEqual(detail.origin.y, 200, "orientation \(orientation)")
            XCTAssertGreaterThanOrEqual(Int(detail.origin.x) + detail.pixelSize.width, 1500, "orientation \(orientation)")
            XCTAssertGreaterThanOrEqual(Int(detail.origin.y) + detail.pixelSize.height, 900, "orientation \(orientation)")
            let pixels = DetailPixels(detail)
            let left = Int(detail.origin.x), top = Int(detail.origin.y)
            var total = 0, count = 0
            for y in stride(from: 0, to: detail.pixelSize.height, by: 7) {
                for x in stride(from: 0, to: detail.pixelSize.width, by: 7) {
                    let (r1, g1, b1) = pixels.at(x, y), (r2, g2, b2) = reference.rgb(left + x, top + y)
                    total += abs(Int(r1) - Int(r2)) + abs(Int(g1) - Int(g2)) + abs(Int(b1) - Int(b2))
                    count += 3
                }
            }
            XCTAssertLessThanOrEqual(Double(total) / Double(count), Self.meanTolerance, "orientation \(orientation)")
        }
    }
}
