import CGtk
import Foundation
@testable import GalleryCore
import XCTest

/// What has arrived of a PNG, drawn as the whole will be (a frame request of partial bytes,
/// served by `PNGArrivingRows`, run here as in a worker): the rows received of a plain PNG are the final picture's rows, the rest clear; an
/// interlaced one is whole once a pass is in. The whole file's own decode is the reference.
final class PNGArrivingRowsTests: XCTestCase {
    private let screen = PixelSize(width: 4000, height: 4000) // larger than the pictures: no scaling

    /// The pass sizes against the spec's 8 × 8 pattern, counted pixel by pixel.
    func testAdam7PassSizesAreThoseOfThePNGSpecsPattern() {
        let pattern = [[1, 6, 4, 6, 2, 6, 4, 6], [7, 7, 7, 7, 7, 7, 7, 7], [5, 6, 5, 6, 5, 6, 5, 6], [7, 7, 7, 7, 7, 7, 7, 7],
                       [3, 6, 4, 6, 3, 6, 4, 6], [7, 7, 7, 7, 7, 7, 7, 7], [5, 6, 5, 6, 5, 6, 5, 6], [7, 7, 7, 7, 7, 7, 7, 7]]
        for (width, height) in [(1, 1), (3, 2), (8, 8), (10, 7), (33, 17), (1, 40)] {
            for pass in 0..<7 {
                var columns = Set<Int>(), rows = Set<Int>()
                for y in 0..<height { for x in 0..<width where pattern[y % 8][x % 8] == pass + 1 { columns.insert(x); rows.insert(y) } }
                let size = Adam7.passSize(pass, width: width, height: height)
                if columns.isEmpty {
                    XCTAssertEqual(size.width * size.height, 0, "pass \(pass + 1) of \(width)×\(height) is empty")
                } else {
                    XCTAssertEqual(size, PixelSize(width: columns.count, height: rows.count), "pass \(pass + 1) of \(width)×\(height)")
                }
            }
        }
    }

    func testTheRowsReceivedOfAPlainPNGAreTheWholePicturesRowsAndTheRestIsClear() throws {
        let png = HostileImages.rgbaPNG(width: 300, height: 200) { x, y in [UInt8(x & 0xFF), UInt8(y), UInt8((x * y) & 0xFF), 255] }
        let whole = try XCTUnwrap(try arriving(png))
        let cut = try XCTUnwrap(try arriving(png.prefix(png.count * 6 / 10)))
        let (wholeRows, cutRows) = (rows(of: whole), rows(of: cut))
        XCTAssertEqual(cutRows.count, 200, "drawn at the whole picture's size")
        let received = cutRows.prefix { row in row.enumerated().contains { $0.offset % 4 == 3 && $0.element != 0 } }.count
        XCTAssertGreaterThan(received, 0)
        XCTAssertLessThan(received, 200)
        for row in 0..<received { XCTAssertEqual(cutRows[row], wholeRows[row], "row \(row) is the final picture's") }
        for row in received..<200 {
            XCTAssertTrue(cutRows[row].enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 }, "row \(row) not received is clear")
        }
    }

    func testAnInterlacedPNGIsDrawnWholeOnceAPassIsIn() throws {
        // A smooth picture: a coarser grid of it, smoothed up, is close to it everywhere.
        let png = HostileImages.rgbaPNG(width: 256, height: 192, interlaced: true) { x, y in [UInt8(x), UInt8(y), 90, 255] }
        let whole = try XCTUnwrap(try arriving(png))
        let cut = try XCTUnwrap(try arriving(png.prefix(png.count / 2)))
        let (wholeRows, cutRows) = (rows(of: whole), rows(of: cut))
        XCTAssertEqual(cutRows.count, 192)
        XCTAssertTrue(cutRows.allSatisfy { row in row.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 } },
                      "every row drawn, opaque, from the passes received")
        let differences = zip(cutRows.joined(), wholeRows.joined()).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        XCTAssertLessThan(mean, 4, "the whole picture on a coarser grid")
        XCTAssertGreaterThan(differences.max() ?? 0, 0, "coarser than the whole: later passes were not in")
    }

    func testNothingIsDrawnBeforeTheFirstRowArrives() throws {
        let png = HostileImages.rgbaPNG(width: 40, height: 40) { _, _ in [1, 2, 3, 255] }
        XCTAssertNil(try arriving(png.prefix(20)), "the signature and a bit")
        XCTAssertThrowsError(try arriving(png, maxPixels: 1_000)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge)
        }
    }

    /// What `data` draws as the part of a download that has arrived, at `screen`.
    private func arriving(_ data: Data, maxPixels: Int = 100_000_000) throws -> DecodedFrame? {
        let fit = ImageDecoder.screenFit(screen)
        return try PicturePipeline.frame(OpenedPicture(data), FrameRequest(fit: fit),
                                         gate: LoaderSizeGate(maxPixels: maxPixels, fit: fit, countsPixels: false), arriving: true)
    }

    /// Rows of RGBA bytes (the pictures have alpha).
    private func rows(of loaded: DecodedFrame) -> [[UInt8]] {
        let pixbuf = loaded.pointer
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        XCTAssertEqual(channels, 4)
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<height).map { y in Array(UnsafeBufferPointer(start: pixels + y * stride, count: width * channels)) }
    }
}
