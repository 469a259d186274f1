import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Issue 51: a grey picture with a grey ICC profile was drawn as if its greys were sRGB — libjxl's
/// `grayscale.jxl` (linear light, a linear grey profile) read 0…72 across its ramp where lcms
/// reads 18…163. Every grey profile is applied now, as lcms applies it: to the JPEG XL itself, to
/// djxl's PNG of it (iCCP) and to the same greys as a JPEG (APP2), a TIFF (its ICC tag), a
/// monochrome AVIF and a HEIC (colr); and wherever the picture is drawn or written: thumbnail,
/// zoom, arriving rows, turned and cropped copies. References are made outside the app
/// (`Tests/Fixtures/grey_profile_fixtures.py`: djxl, avifdec, heif-convert and Pillow's ImageCms), within
/// 3/255 for the files of the same stored greys and 4/255 for the JPEG XL (libjxl's own rounding
/// to 8 bits against djxl's).
final class GreyProfilesTests: XCTestCase {
    private struct Expected: Decodable {
        let width: Int
        let height: Int
        let points: [[Int]]
        let colours: [[Int]]
    }

    private static let jxl = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jxl-conformance/grayscale.jxl")

    private static let fixtures: (folder: URL, expected: [String: Expected])? = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grey-\(UUID().uuidString)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/grey_profile_fixtures.py")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              ExternalTool.succeeds("/usr/bin/python3", [script.path, jxl.path, folder.path]),
              let json = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
              let expected = try? JSONDecoder().decode([String: Expected].self, from: json) else { return nil }
        return (folder, expected)
    }()

    private func fixtures() throws -> (folder: URL, expected: [String: Expected]) {
        guard let fixtures = Self.fixtures else { throw TestRequirement.missing("needs djxl (libjxl-tools) and python3-pil") }
        return fixtures
    }

    private func assertMatches(_ data: Data, _ expected: Expected, tolerance: Int, _ label: String) throws {
        let whole = try ImageDecoder.original(from: data).texture
        XCTAssertEqual([whole.pixelWidth, whole.pixelHeight], [expected.width, expected.height], label)
        for (point, colour) in zip(expected.points, expected.colours) {
            let pixel = withExtendedLifetime(whole) { TestImages.pixel(of: whole.texture, x: point[0], y: point[1]) }
            let actual = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
            let worst = zip(actual, colour).map { abs($0 - $1) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, tolerance, "\(label) at \(point): \(actual), lcms says \(colour)")
        }
    }

    func testGreyPNGJPEGTIFFAndAVIFWithAGreyProfileShowLcmsGreys() throws {
        let (folder, expected) = try fixtures()
        for name in ["grey.png", "grey.jpg", "grey.tif", "grey.avif", "grey.heic"] {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            XCTAssertNotNil(PictureFacts.read(data).colorProfile, "\(name): its library finds the grey profile")
            try assertMatches(data, try XCTUnwrap(expected[name]), tolerance: 3, name)
        }
    }

    func testLibjxlsGreyscaleConformanceFileShowsLcmsGreys() throws {
        let (_, expected) = try fixtures()
        try assertMatches(try Data(contentsOf: Self.jxl), try XCTUnwrap(expected["grey.png"]), tolerance: 4, "grayscale.jxl")
    }

    func testAThumbnailOfAGreyPictureIsConvertedToo() throws {
        let (folder, expected) = try fixtures()
        let png = try XCTUnwrap(expected["grey.png"])
        let thumbnail = try ImageDecoder.thumbnail(from: Data(contentsOf: folder.appendingPathComponent("grey.png"))).image.texture
        // The ramp runs left to right: the thumbnail's middle grey against the references' two
        // beside the middle, which it must lie between (the thumbnail averages the pixels it
        // shrinks, in the stored greys, before they are converted).
        let pixel = withExtendedLifetime(thumbnail) {
            TestImages.pixel(of: thumbnail.texture, x: thumbnail.pixelWidth / 2, y: thumbnail.pixelHeight / 2)
        }
        let around = [png.colours[3][0], png.colours[4][0]]
        XCTAssertTrue((around.min()! - 3...around.max()! + 3).contains(Int(pixel.red)), "thumbnail's middle \(pixel.red), lcms around it \(around)")
    }

    /// The viewer's zoom (libjpeg's region decoder for the JPEG, the whole picture for the PNG):
    /// the same greys as the page.
    func testZoomDetailOfAGreyPictureIsConvertedToo() throws {
        let (folder, expected) = try fixtures()
        for name in ["grey.jpg", "grey.png"] {
            let reference = try XCTUnwrap(expected[name])
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let asked = DetailRegion(x: 0, y: 90, width: 200, height: 20, devicePixelsPerSourcePixel: 1)
            let detail = try ImageDecoder.fullDetail(from: data, covering: asked)
            let pixels = DetailPixels(detail)
            for (point, colour) in zip(reference.points, reference.colours) {
                let pixel = pixels.at(point[0] - detail.origin.x, point[1] - detail.origin.y)
                assertClose([Int(pixel.0), Int(pixel.1), Int(pixel.2)], colour, tolerance: 3, "\(name) zoomed at \(point)")
            }
        }
    }

    /// What has arrived of a grey picture is drawn in the greys the whole one will have.
    func testArrivingRowsOfAGreyPictureAreConvertedToo() throws {
        let (folder, expected) = try fixtures()
        for name in ["grey.jpg", "grey.png"] {
            let reference = try XCTUnwrap(expected[name])
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let arrived = data.prefix(data.count * 4 / 5)
            let partial = try XCTUnwrap(try PartialDecoding.decode(arrived, fitting: PixelSize(width: 400, height: 400), maxPixels: 1 << 24),
                                        "\(name): drawn from four fifths of its bytes")
            XCTAssertEqual([partial.texture.pixelWidth, partial.texture.pixelHeight], [200, 200], name)
            let bytes = partial.pixels
            for (point, colour) in zip(reference.points, reference.colours) {
                let at = (point[1] * 200 + point[0]) * 4
                XCTAssertEqual(bytes[at + 3], 255, "\(name): the middle row arrived")
                // B8G8R8A8, opaque here.
                assertClose([Int(bytes[at + 2]), Int(bytes[at + 1]), Int(bytes[at])], colour, tolerance: 3, "\(name) arriving at \(point)")
            }
        }
    }

    /// Save Image As… of a turned or cropped grey picture: the copy, read by Pillow and turned to
    /// sRGB by lcms from whatever profile the copy carries, shows the greys the page showed.
    func testTurnedAndCroppedCopiesOfAGreyPictureShowTheSameGreys() throws {
        let (folder, expected) = try fixtures()
        let crop = try XCTUnwrap(CropArea(x: 0, y: 80, width: 200, height: 40))
        for name in ["grey.jpg", "grey.png"] {
            let reference = try XCTUnwrap(expected[name])
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let turned = try ExternalReference.read(ImageDecoder.turnedCopy(of: data, turn: PictureTurn.none.rotatedRight).data)
            let cropped = try ExternalReference.read(ImageDecoder.turnedCopy(of: data, turn: .none, crop: crop).data)
            XCTAssertEqual(turned.size, PixelSize(width: 200, height: 200), name)
            XCTAssertEqual(cropped.size, PixelSize(width: 200, height: 40), name)
            for (point, colour) in zip(reference.points, reference.colours) {
                // A quarter turn right takes (x, y) to (height - 1 - y, x).
                let fromTurned = turned.rgb(199 - point[1], point[0])
                assertClose([Int(fromTurned.0), Int(fromTurned.1), Int(fromTurned.2)], colour, tolerance: 3, "\(name) turned, at \(point)")
                let fromCropped = cropped.rgb(point[0], point[1] - 80)
                assertClose([Int(fromCropped.0), Int(fromCropped.1), Int(fromCropped.2)], colour, tolerance: 3, "\(name) cropped, at \(point)")
            }
        }
    }

    private func assertClose(_ actual: [Int], _ expected: [Int], tolerance: Int, _ label: String) {
        let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, tolerance, "\(label): \(actual), lcms says \(expected)")
    }
}
