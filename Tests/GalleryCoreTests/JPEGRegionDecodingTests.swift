import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// A zoom into a JPEG decodes what is on screen, not the photo: the same pixels as the whole
/// decode, in every EXIF orientation, as fine as the screen, at a cost that follows the view.
final class JPEGRegionDecodingTests: XCTestCase {
    /// A baseline JPEG stored `width`×`height`: gradients across and down, noise in blue (so a
    /// misplaced or mirrored region cannot match), tagged with EXIF `orientation`, written by PIL.
    /// `noise` false: blue is flat, for comparing pictures at different scales.
    private func photo(width: Int, height: Int, orientation: Int, progressive: Bool = false, noise: Bool = true) throws -> Data {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("photo.jpg").path
        let script = """
        import sys
        from PIL import Image
        width, height, orientation, progressive, noise = (int(a) for a in sys.argv[2:7])
        across = Image.linear_gradient("L").rotate(90).resize((width, height))
        down = Image.linear_gradient("L").resize((width, height))
        blue = Image.effect_noise((width, height), 60) if noise else Image.new("L", (width, height), 128)
        image = Image.merge("RGB", (across, down, blue))
        exif = Image.Exif()
        exif[0x0112] = orientation
        image.save(sys.argv[1], "JPEG", exif=exif.tobytes(), quality=95, progressive=bool(progressive))
        """
        let arguments = [path, String(width), String(height), String(orientation), progressive ? "1" : "0", noise ? "1" : "0"]
        guard try TestImages.python(script, arguments: arguments) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL to write EXIF")
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func testARegionHasTheSamePixelsAsTheWholeDecodeInEveryOrientation() throws {
        for orientation in 1...8 {
            let data = try photo(width: 600, height: 400, orientation: orientation)
            let whole = try ImageDecoder.fullDetail(from: data)
            let upright = (5...8).contains(orientation) ? PixelSize(width: 400, height: 600) : PixelSize(width: 600, height: 400)
            XCTAssertEqual(whole.size, upright)
            // Off-centre and over a tile edge of neither, so a turned or mirrored mapping shows.
            let asked = DetailRegion(x: 70, y: 130, width: 210, height: 150, devicePixelsPerSourcePixel: 1)
            let region = try ImageDecoder.fullDetail(from: data, covering: asked)
            XCTAssertEqual(region.size, upright, "orientation \(orientation)")
            XCTAssertEqual(region.scale, 1)
            XCTAssertTrue(region.covers(asked), "orientation \(orientation): \(region.sourceRegion)")
            XCTAssertLessThan(region.pixelSize.pixels, upright.pixels / 2, "orientation \(orientation): only the region")
            let difference = try meanDifference(region, whole)
            XCTAssertLessThan(difference, 1.5, "orientation \(orientation)")
        }
    }

    func testBelowOneToOneTheRegionIsDecodedAsCoarselyAsTheScreenAllows() throws {
        let data = try photo(width: 1600, height: 1200, orientation: 6, noise: false)
        let asked = DetailRegion(x: 0, y: 0, width: 1200, height: 1600, devicePixelsPerSourcePixel: 0.3)
        let detail = try ImageDecoder.fullDetail(from: data, covering: asked)
        XCTAssertEqual(detail.scale, 3.0 / 8, "the coarsest n/8 at least as fine as 0.3")
        XCTAssertEqual(detail.size, PixelSize(width: 1200, height: 1600))
        XCTAssertEqual(detail.pixelSize, PixelSize(width: 450, height: 600))
        XCTAssertTrue(detail.covers(asked))
        XCTAssertFalse(detail.covers(DetailRegion(x: 0, y: 0, width: 100, height: 100, devicePixelsPerSourcePixel: 0.5)),
                       "a finer zoom needs finer pixels")
        // The same picture as the whole decode, seen at that scale.
        let whole = try ImageDecoder.fullDetail(from: data)
        XCTAssertLessThan(try meanDifference(detail, whole), 2)
    }

    func testProgressiveJPEGsAndOtherFormatsAreDecodedWhole() throws {
        let asked = DetailRegion(x: 10, y: 10, width: 50, height: 50, devicePixelsPerSourcePixel: 1)
        let progressive = try ImageDecoder.fullDetail(from: try photo(width: 300, height: 200, orientation: 1, progressive: true),
                                                      covering: asked)
        XCTAssertEqual(progressive.pixelSize, PixelSize(width: 300, height: 200))
        let png = try ImageDecoder.fullDetail(from: TestImages.encoded(width: 300, height: 200, as: "png"), covering: asked)
        XCTAssertEqual(png.pixelSize, PixelSize(width: 300, height: 200))
        XCTAssertTrue(png.covers(asked))
    }

    func testADetailRegionCostsWhatIsOnScreenNotThePhoto() throws {
        // 48 megapixels zoomed to 100 % in a 1920×1080 window: the region and its margin.
        let data = try photo(width: 8000, height: 6000, orientation: 1)
        let visible = DetailRegion(x: 3000, y: 2500, width: 1920, height: 1080, devicePixelsPerSourcePixel: 1)
        let asked = visible.expanded(by: 0.5, within: PixelSize(width: 8000, height: 6000))
        var detail: FullDetailImage?
        let rise = try PeakMemory.measure { detail = try ImageDecoder.fullDetail(from: data, covering: asked) }
        let held = try XCTUnwrap(detail)
        XCTAssertTrue(held.covers(visible))
        XCTAssertEqual(held.pixelSize, PixelSize(width: 3840, height: 2160))
        let photoBytes = 8000 * 6000 * 3
        XCTAssertLessThan(held.byteCost, photoBytes / 5)
        print("region of a 48 MP JPEG: holds \(held.byteCost >> 20) MiB, peak rise \(rise >> 20) MiB (whole: \(photoBytes >> 20) MiB)")
        XCTAssertLessThan(rise, photoBytes / 3, "the decode never holds the photo")
    }

    func testDamagedTruncatedOrOversizedJPEGsFailCleanlyAndCancellationStops() throws {
        let data = try photo(width: 640, height: 480, orientation: 1)
        let asked = DetailRegion(x: 0, y: 300, width: 640, height: 180, devicePixelsPerSourcePixel: 1)
        // Cut in the middle of the scan: libjpeg pads what is missing; either way, no crash.
        let truncated = data.prefix(data.count / 2)
        if let detail = try? ImageDecoder.fullDetail(from: truncated, covering: asked) {
            XCTAssertTrue(detail.covers(asked))
        }
        // Noise over the entropy-coded data.
        var corrupt = data
        for index in stride(from: data.count / 3, to: data.count - 2, by: 97) { corrupt[index] = 0xFF }
        _ = try? ImageDecoder.fullDetail(from: corrupt, covering: asked)
        // A declared size over the pixel limit is refused before anything is allocated.
        XCTAssertThrowsError(try ImageDecoder.fullDetail(from: data, covering: asked, maxPixels: 100_000)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge)
        }
        let cancellation = DecodeCancellation()
        cancellation.cancel()
        XCTAssertThrowsError(try cancellation.makeCurrent { try ImageDecoder.fullDetail(from: data, covering: asked) }) {
            XCTAssertEqual($0 as? LoadError, .cancelled)
        }
    }

    // MARK: Helpers

    /// Mean absolute difference per channel between `region` and the same place of `whole`
    /// (full resolution), sampled on a grid; `region` may be coarser (its pixel centres are
    /// mapped to the source pixel under them).
    private func meanDifference(_ region: FullDetailImage, _ whole: FullDetailImage) throws -> Double {
        let regionPixels = DetailPixels(region), wholePixels = DetailPixels(whole)
        var total = 0.0, count = 0
        for y in stride(from: 0, to: region.pixelSize.height, by: 3) {
            for x in stride(from: 0, to: region.pixelSize.width, by: 3) {
                let sourceX = Int((Double(region.origin.x + x) + 0.5) / region.scale)
                let sourceY = Int((Double(region.origin.y + y) + 0.5) / region.scale)
                guard sourceX < whole.size.width, sourceY < whole.size.height else { continue }
                let a = regionPixels.at(x, y), b = wholePixels.at(sourceX, sourceY)
                total += Double(abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2))) / 3
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 100)
        return total / Double(count)
    }
}
