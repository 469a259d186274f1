import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Phone photos (HEIC), modern web images (AVIF) and favicons (ICO holding PNG) decode in
/// thumbnails and the viewer, turned as their files say, under the same limits as the rest; a
/// format with no decoder here says so and is never called damaged.
final class PhoneAndWebFormatsTests: XCTestCase {
    /// 300 × 200, red on the left half, green on the right, written by PIL.
    private func halves(in folder: TemporaryDirectory) throws -> String {
        let path = folder.url.appendingPathComponent("halves.png").path
        let script = """
        import sys
        from PIL import Image
        image = Image.new("RGB", (300, 200), (0, 200, 0))
        image.paste((230, 0, 0), (0, 0, 150, 200))
        image.save(sys.argv[1])
        """
        guard try TestImages.python(script, arguments: [path]) else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        return path
    }

    private func encode(_ tool: String, _ arguments: [String], output: URL) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw TestRequirement.missing("needs \(tool) (libheif-examples, libavif-bin; tools/test installs them)")
        }
        XCTAssertTrue(ExternalTool.succeeds(tool, arguments), "\(tool) \(arguments)")
        return try Data(contentsOf: output)
    }

    private func heic(_ folder: TemporaryDirectory) throws -> Data {
        let output = folder.url.appendingPathComponent("photo.heic")
        return try encode("/usr/bin/heif-enc", ["-q", "90", "-o", output.path, try halves(in: folder)], output: output)
    }

    private func avif(_ folder: TemporaryDirectory, extra: [String] = []) throws -> Data {
        let output = folder.url.appendingPathComponent("picture\(extra.joined()).avif")
        return try encode("/usr/bin/avifenc", extra + [try halves(in: folder), output.path], output: output)
    }

    func testHEICAndAVIFDecodeInThumbnailsAndPages() throws {
        let folder = try TemporaryDirectory()
        for (name, data) in [("HEIC", try heic(folder)), ("AVIF", try avif(folder))] {
            let thumbnail = try ImageDecoder.thumbnail(from: data)
            XCTAssertEqual(thumbnail.image.texture.pixelWidth, 126, name)
            XCTAssertEqual(thumbnail.image.sourceSize.width, 300, name)
            let left = TestImages.pixel(of: thumbnail.image.texture.texture, x: 10, y: 63)
            let right = TestImages.pixel(of: thumbnail.image.texture.texture, x: 115, y: 63)
            XCTAssertGreaterThan(left.red, 180, "\(name): red on the left \(left)")
            XCTAssertGreaterThan(right.green, 160, "\(name): green on the right \(right)")
            XCTAssertLessThan(right.red, 40, name)

            let page = try ImageDecoder.original(from: data, fitting: PixelSize(width: 150, height: 150))
            XCTAssertEqual(page.texture.pixelWidth, 150, "\(name): screen-sized")
            XCTAssertEqual(page.sourceWidth, 300, name)
            let whole = try ImageDecoder.original(from: data)
            XCTAssertEqual(whole.texture.pixelWidth, 300, name)
            XCTAssertEqual(whole.texture.pixelHeight, 200, name)
        }
    }

    /// `irot` 1 turns the picture 90° anticlockwise: its right half (green) comes to the top.
    func testAVIFRotationIsHonoured() throws {
        let folder = try TemporaryDirectory()
        let turned = try avif(folder, extra: ["--irot", "1"])
        let image = try ImageDecoder.original(from: turned)
        XCTAssertEqual(image.texture.pixelWidth, 200)
        XCTAssertEqual(image.texture.pixelHeight, 300)
        let top = TestImages.pixel(of: image.texture.texture, x: 100, y: 20)
        let bottom = TestImages.pixel(of: image.texture.texture, x: 100, y: 280)
        XCTAssertGreaterThan(top.green, 160, "green on top: \(top)")
        XCTAssertGreaterThan(bottom.red, 180, "red below: \(bottom)")
        let thumbnail = try ImageDecoder.thumbnail(from: turned)
        XCTAssertEqual(thumbnail.image.sourceSize.width, 200)
        XCTAssertEqual(thumbnail.image.sourceSize.height, 300)
    }

    /// libheif decodes the whole picture before it reports a size: the limit comes from the
    /// header (`ispe`), before a byte reaches the decoder.
    func testHEIFSizeIsCheckedFromItsHeaderBeforeDecoding() throws {
        let folder = try TemporaryDirectory()
        let data = try heic(folder)
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: data, maxPixels: 300 * 200 - 1)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge)
        }
        // The same file claiming 40000 × 40000.
        var claiming = [UInt8](data)
        let ispe = try XCTUnwrap(claiming.indices.first { claiming[$0..<min(claiming.count, $0 + 4)].elementsEqual("ispe".utf8) })
        claiming[(ispe + 8)..<(ispe + 16)] = [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40]
        let budgetBefore = DecodeThreads.pixels.held
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: Data(claiming))) {
            XCTAssertEqual($0 as? LoadError, .tooLarge)
        }
        XCTAssertEqual(DecodeThreads.pixels.held, budgetBefore, "the budget is given back")
        // No `ispe` at all: not a picture we can bound.
        var unbounded = [UInt8](data)
        unbounded.replaceSubrange(ispe..<(ispe + 4), with: Array("xxxx".utf8))
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: Data(unbounded))) {
            XCTAssertEqual($0 as? LoadError, .damaged)
        }
    }

    /// Most favicons are ICO files holding PNGs; the largest entry is shown.
    func testICOHoldingPNGsShowsItsLargestPicture() throws {
        let small = TestImages.solidPNG(width: 16, height: 16, rgba: 0xFF00_00FF)
        let large = TestImages.solidPNG(width: 48, height: 48, rgba: 0x0000_FFFF)
        let ico = TestImages.ico(entries: [(16, small), (48, large)])
        XCTAssertEqual(ContentSniffer.imageFormat(of: ico), .ico)
        let image = try ImageDecoder.original(from: ico)
        XCTAssertEqual(image.texture.pixelWidth, 48)
        let pixel = TestImages.pixel(of: image.texture.texture, x: 24, y: 24)
        XCTAssertEqual([pixel.red, pixel.green, pixel.blue], [0, 0, 255])
        XCTAssertEqual(try ImageDecoder.thumbnail(from: ico).image.texture.pixelWidth, 48)
        // An entry pointing outside the file is skipped, never read.
        var broken = [UInt8](ico)
        broken[6 + 16 + 12] = 0xF0 // the large entry's offset, far past the end
        let fallback = try ImageDecoder.original(from: Data(broken))
        XCTAssertEqual(fallback.texture.pixelWidth, 16)
    }

    /// A format whose gdk-pixbuf loader is missing on a machine is "unsupported", never
    /// "damaged" (which would forget the original), and is not retried by itself; Debian 12's
    /// plug-in loaders for HEIF and AVIF are the app's dependencies.
    func testAFormatWithNoDecoderIsUnsupportedNotDamaged() throws {
        XCTAssertFalse(LoadError.unsupportedFormat(.heif).isTransient)
        XCTAssertFalse(PixbufLoaderRegistry.loaders(for: .heif).isEmpty, "heif-gdk-pixbuf is a dependency")
        XCTAssertFalse(PixbufLoaderRegistry.loaders(for: .avif).isEmpty, "an AVIF loader is a dependency")
        XCTAssertEqual(DecodeReply.Status(code: DecodeReply.Status.failed(.unsupportedFormat(.heif)).code.0,
                                          detail: DecodeReply.Status.failed(.unsupportedFormat(.heif)).code.1),
                       .failed(.unsupportedFormat(.heif)), "said so across the sandbox")
    }
}
