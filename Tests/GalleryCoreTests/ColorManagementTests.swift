import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Pictures tagged with an ICC profile show their real colours on every path the app draws
/// them by: the grid's thumbnail, the viewer's screen-sized page, the whole picture and a zoomed
/// region. Adobe RGB, ProPhoto, Display P3 and a CMYK press profile; expected colours are lcms's own transform of the stored pixels (Pillow's ImageCms,
/// in `Tests/Fixtures/colour_fixtures.py`), within 3/255 per channel.
final class ColorManagementTests: XCTestCase {
    private static let tolerance = 3

    /// One folder of fixtures for the whole class: writing them takes a second.
    private static let fixtures: (folder: URL, expected: [String: [String: [Int]]])? = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("colour-\(UUID().uuidString)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/colour_fixtures.py")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              ExternalTool.succeeds("/usr/bin/python3", [script.path, folder.path]),
              let json = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
              let expected = try? JSONDecoder().decode([String: [String: [Int]]].self, from: json) else { return nil }
        return (folder, expected)
    }()

    private func fixture(_ name: String) throws -> (data: Data, left: [Int], right: [Int]) {
        guard let fixtures = Self.fixtures else {
            throw TestRequirement.missing("needs python3-pil, avifenc and heif-enc (tools/test installs them)")
        }
        let expected = try XCTUnwrap(fixtures.expected[name], name)
        let data = try Data(contentsOf: fixtures.folder.appendingPathComponent(name))
        return (data, try XCTUnwrap(expected["left"]), try XCTUnwrap(expected["right"]))
    }

    private static let tagged = ["jpg", "png", "webp", "tif", "avif", "heic"].flatMap { format in
        ["adobergb", "prophoto", "displayp3"].map { "\($0).\(format)" }
    }

    func testTaggedPicturesShowLcmsColoursInThumbnailsPagesAndWholeDecodes() throws {
        for name in Self.tagged + ["split.jpg", "press-cmyk.jpg"] {
            let (data, left, right) = try fixture(name)
            XCTAssertNotNil(PictureFacts.read(data).colorProfile, "\(name): its library finds the profile")

            // The thumbnail is the middle square (x 100…300 of 400): green on its left, orange on its right.
            let thumbnail = try ImageDecoder.thumbnail(from: data).image.texture
            assertColour(thumbnail, x: thumbnail.pixelWidth / 5, left, "\(name) thumbnail")
            assertColour(thumbnail, x: thumbnail.pixelWidth * 4 / 5, right, "\(name) thumbnail")

            let page = try ImageDecoder.original(from: data, fitting: PixelSize(width: 200, height: 100)).texture
            XCTAssertEqual(page.pixelWidth, 200, name)
            assertColour(page, x: 50, left, "\(name) screen-sized page")
            assertColour(page, x: 150, right, "\(name) screen-sized page")

            let whole = try ImageDecoder.original(from: data).texture
            assertColour(whole, x: 100, left, "\(name) whole")
            assertColour(whole, x: 300, right, "\(name) whole")
        }
    }

    /// The viewer's zoomed regions decode JPEGs with libjpeg directly: the same colours.
    func testZoomedJPEGRegionsAreColourManagedToo() throws {
        for name in ["adobergb.jpg", "prophoto.jpg", "split.jpg"] {
            let (data, left, right) = try fixture(name)
            let asked = DetailRegion(x: 60, y: 50, width: 280, height: 100, devicePixelsPerSourcePixel: 1)
            let detail = try ImageDecoder.fullDetail(from: data, covering: asked)
            XCTAssertLessThan(detail.pixelSize.pixels, 400 * 200, "\(name): a region, not the whole picture")
            let pixels = DetailPixels(detail)
            let leftPixel = pixels.at(100 - detail.origin.x, 100 - detail.origin.y)
            let rightPixel = pixels.at(300 - detail.origin.x, 100 - detail.origin.y)
            assertClose([Int(leftPixel.0), Int(leftPixel.1), Int(leftPixel.2)], left, "\(name) region")
            assertClose([Int(rightPixel.0), Int(rightPixel.1), Int(rightPixel.2)], right, "\(name) region")
        }
    }

    /// A CMYK JPEG's ink goes through its press profile, whichever path draws it; gdk-pixbuf
    /// alone shows its green as (88, 255, 0) where the press prints (96, 187, 70).
    func testCMYKJPEGsGoThroughTheirProfileAtEverySize() throws {
        let (data, left, right) = try fixture("press-cmyk.jpg")
        let region = DetailRegion(x: 60, y: 50, width: 280, height: 100, devicePixelsPerSourcePixel: 1)
        let detail = try ImageDecoder.fullDetail(from: data, covering: region)
        let pixels = DetailPixels(detail)
        let leftPixel = pixels.at(100 - detail.origin.x, 100 - detail.origin.y)
        let rightPixel = pixels.at(300 - detail.origin.x, 100 - detail.origin.y)
        assertClose([Int(leftPixel.0), Int(leftPixel.1), Int(leftPixel.2)], left, "CMYK full detail")
        assertClose([Int(rightPixel.0), Int(rightPixel.1), Int(rightPixel.2)], right, "CMYK full detail")
        // Truncated: libjpeg would pad it with grey; the loader calls it damaged instead.
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: data.prefix(data.count - 300))) {
            XCTAssertEqual($0 as? LoadError, .damaged)
        }
    }

    /// An animated GIF tagged with a profile plays every frame in its real colour.
    func testAnimationFramesAreColourManaged() throws {
        let (data, first, second) = try fixture("animated.gif")
        let image = try ImageDecoder.original(from: data)
        let frames = try XCTUnwrap(image.animation?.frames, "plays as an animation")
        XCTAssertEqual(frames.count, 2)
        assertColour(frames[0].texture, x: 32, first, "first frame")
        assertColour(frames[1].texture, x: 32, second, "second frame")
        assertColour(image.texture, x: 32, first, "the still")
    }

    /// A big PNG goes through the row-by-row scaler for its thumbnail, not gdk-pixbuf.
    func testTheRowByRowPNGPathIsColourManaged() throws {
        let (data, left, right) = try fixture("prophoto.png")
        let thumbnail = try ImageDecoder.thumbnail(from: data, side: 40).image.texture
        XCTAssertEqual(thumbnail.pixelWidth, 40)
        assertColour(thumbnail, x: 5, left, "row-scaled PNG")
        assertColour(thumbnail, x: 35, right, "row-scaled PNG")
    }

    /// Untagged pictures and pictures with a broken profile are shown as their pixels say.
    func testUntaggedAndBrokenProfilesShowThePixelsAsStored() throws {
        for name in ["untagged.jpg", "broken-profile.jpg", "broken-profile.png"] {
            let (data, left, right) = try fixture(name)
            let thumbnail = try ImageDecoder.thumbnail(from: data).image.texture
            assertColour(thumbnail, x: thumbnail.pixelWidth / 5, left, name)
            assertColour(thumbnail, x: thumbnail.pixelWidth * 4 / 5, right, name)
        }
    }

    /// Profiles cut short, lying about their size, or of another colour space never crash,
    /// and leave the pixels as they are.
    func testHostileProfilesAreIgnored() throws {
        let a98 = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/ghostscript/a98.icc"))
        let cmyk = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/ghostscript/ps_cmyk.icc"))
        // Every tag's data said to lie 2 GB into a 564-byte profile.
        var outside = [UInt8](a98)
        let tags = Int(outside[131]) | Int(outside[130]) << 8
        for tag in 0..<tags { outside[136 + tag * 12..<140 + tag * 12] = [0x7F, 0xFF, 0xFF, 0xF0] }
        var tagTable = [UInt8](a98)
        tagTable[128...131] = [0x00, 0xFF, 0xFF, 0xFF] // 16 million tags
        let hostile: [[UInt8]] = [[], [UInt8](a98.prefix(200)), outside, tagTable, [UInt8](cmyk),
                                  [UInt8](repeating: 0xFF, count: 4096)]
        for profile in hostile {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 8, 8)!
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            gdk_pixbuf_fill(pixbuf, 0x2040_60FF)
            XCTAssertFalse(ColorProfileConversion.convert(pixbuf, from: profile), "profile \(hostile.firstIndex(of: profile)!)")
            let first = gdk_pixbuf_get_pixels(pixbuf)!
            XCTAssertEqual([first[0], first[1], first[2]], [0x20, 0x40, 0x60], "profile \(hostile.firstIndex(of: profile)!)")
        }
    }

    // MARK: Helpers

    private func assertColour(_ texture: TextureHandle, x: Int, _ expected: [Int], _ label: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let pixel = withExtendedLifetime(texture) {
            TestImages.pixel(of: texture.texture, x: x, y: texture.pixelHeight / 2)
        }
        assertClose([Int(pixel.red), Int(pixel.green), Int(pixel.blue)], expected, label, file: file, line: line)
    }

    private func assertClose(_ actual: [Int], _ expected: [Int], _ label: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, Self.tolerance, "\(label): \(actual), lcms says \(expected)", file: file, line: line)
    }
}
