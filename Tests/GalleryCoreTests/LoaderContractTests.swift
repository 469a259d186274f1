import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// The loader contract (`OpenedPicture`, `FrameRequest`, `PicturePipeline.frame`), run here as in
/// a worker: every request of a picture — the rows that have arrived, a clip — comes out upright
/// and as the whole picture's own decode has it, in every EXIF orientation and every format
/// that draws partial bytes. The reference is always the whole file's decode.
final class LoaderContractTests: XCTestCase {
    private let screen = PixelSize(width: 4000, height: 4000) // larger than the pictures: no scaling

    /// A picture stored 240×120 (gradients across and down, noise so nothing misplaced matches)
    /// tagged EXIF `orientation`: a plain or interlaced PNG (`eXIf`, written by exiftool) or a
    /// baseline JPEG (written by PIL).
    private func picture(_ kind: String, orientation: Int) throws -> Data {
        let folder = try TemporaryDirectory()
        if kind == "jpeg" {
            let path = folder.url.appendingPathComponent("picture.jpg").path
            let script = """
            import sys
            from PIL import Image
            across = Image.linear_gradient("L").rotate(90).resize((240, 120))
            down = Image.linear_gradient("L").resize((240, 120))
            exif = Image.Exif()
            exif[0x0112] = int(sys.argv[2])
            Image.merge("RGB", (across, down, Image.effect_noise((240, 120), 60))).save(
                sys.argv[1], "JPEG", exif=exif.tobytes(), quality=95)
            """
            guard try TestImages.python(script, arguments: [path, String(orientation)]) else {
                throw TestRequirement.missing("needs /usr/bin/python3 with PIL to write EXIF")
            }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let png = HostileImages.rgbaPNG(width: 240, height: 120, interlaced: kind == "interlaced png") { x, y in
            [UInt8(x), UInt8(y * 2), UInt8(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503)), 255]
        }
        let url = folder.url.appendingPathComponent("picture.png")
        try png.write(to: url)
        guard ExternalTool.succeeds("/usr/bin/exiftool", ["-q", "-overwrite_original", "-Orientation#=\(orientation)", url.path]) else {
            throw TestRequirement.missing("needs exiftool (libimage-exiftool-perl) to write a PNG's eXIf")
        }
        return try Data(contentsOf: url)
    }

    func testTheRowsThatHaveArrivedAreUprightInEveryOrientationAndFormat() throws {
        for kind in ["png", "interlaced png", "jpeg"] {
            for orientation in 1...8 {
                let data = try picture(kind, orientation: orientation)
                XCTAssertEqual(PictureFacts.read(data).orientation, orientation, "\(kind) \(orientation): the tag was written")
                let whole = try XCTUnwrap(try arriving(data), "\(kind) \(orientation)")
                let cut = try XCTUnwrap(try arriving(data.prefix(data.count * 55 / 100)), "\(kind) \(orientation): some rows drawn")
                let upright = (5...8).contains(orientation) ? [120, 240] : [240, 120]
                XCTAssertEqual(size(of: whole), upright, "\(kind) \(orientation): the whole picture stands upright")
                XCTAssertEqual(size(of: cut), upright, "\(kind) \(orientation): what arrived stands upright, at the whole's size")
                let (wholePixels, cutPixels) = (rgba(whole), rgba(cut))
                var opaque = 0, largest = 0, total = 0
                for index in stride(from: 0, to: cutPixels.count, by: 4) where cutPixels[index + 3] != 0 {
                    opaque += 1
                    for channel in 0..<3 {
                        let difference = abs(Int(cutPixels[index + channel]) - Int(wholePixels[index + channel]))
                        largest = max(largest, difference)
                        total += difference
                    }
                }
                let pixels = cutPixels.count / 4
                if kind == "interlaced png" {
                    // A pass is the whole picture on a coarser grid: all of it, close to the whole.
                    XCTAssertEqual(opaque, pixels, "\(kind) \(orientation): every pixel drawn from the passes in")
                    XCTAssertLessThan(Double(total) / Double(3 * opaque), 40, "\(kind) \(orientation): the whole on a coarser grid, upright")
                } else {
                    XCTAssertGreaterThan(opaque, pixels / 10, "\(kind) \(orientation): rows received are drawn")
                    XCTAssertLessThan(opaque, pixels * 95 / 100, "\(kind) \(orientation): rows not received are clear")
                    // Where they are drawn, they are the whole picture's pixels at the same place.
                    XCTAssertLessThanOrEqual(largest, kind == "png" ? 0 : 12, "\(kind) \(orientation): the rows received, where the whole has them")
                }
            }
        }
    }

    /// A format with no decoder that clips (PNG) answers a clip with every pixel, which serves
    /// any clip: the pipeline does the rest. Its picture is upright like every other request's.
    func testAClipOfAFormatThatCannotClipIsTheWholeUprightPicture() throws {
        let data = try picture("png", orientation: 6)
        let region = DetailRegion(x: 10, y: 150, width: 50, height: 60, devicePixelsPerSourcePixel: 1)
        let detail = try DecodingHere.run { try ImageDecoder.fullDetail(from: data, covering: region) }
        XCTAssertEqual(detail.size, PixelSize(width: 120, height: 240))
        XCTAssertEqual(detail.pixelSize, PixelSize(width: 120, height: 240), "every pixel")
        XCTAssertTrue(detail.covers(region))
        let page = try DecodingHere.run { try ImageDecoder.original(from: data) }
        XCTAssertEqual([page.texture.pixelWidth, page.texture.pixelHeight], [120, 240], "the page is turned the same way")
    }

    /// A frame request of arriving bytes, decoded here.
    private func arriving(_ data: Data) throws -> DecodedFrame? {
        let fit = ImageDecoder.screenFit(screen)
        return try PicturePipeline.frame(OpenedPicture(data), FrameRequest(fit: fit),
                                         gate: LoaderSizeGate(maxPixels: 100_000_000, fit: fit, countsPixels: false), arriving: true)
    }

    private func size(of loaded: DecodedFrame) -> [Int] {
        [Int(gdk_pixbuf_get_width(loaded.pointer)), Int(gdk_pixbuf_get_height(loaded.pointer))]
    }

    /// Every pixel as RGBA, whatever the pixbuf's channels.
    private func rgba(_ loaded: DecodedFrame) -> [UInt8] {
        let pixbuf = loaded.pointer
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = pixels + y * stride + x * channels
                out += [at[0], at[1], at[2], channels == 4 ? at[3] : 255]
            }
        }
        return out
    }
}
