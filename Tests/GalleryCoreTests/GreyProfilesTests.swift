import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Issue 51: a grey picture with a grey ICC profile was drawn as if its greys were sRGB — libjxl's
/// `grayscale.jxl` (linear light, a linear grey profile) read 0…72 across its ramp where lcms
/// reads 18…163. Every grey profile is applied now, as lcms applies it: to the JPEG XL itself, to
/// djxl's PNG of it (iCCP) and to the same greys as a JPEG (APP2), a TIFF (its ICC tag) and a
/// monochrome AVIF (colr). References are made outside the app
/// (`Tests/Fixtures/grey_profile_fixtures.py`: djxl, avifdec and Pillow's ImageCms), within
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
        for name in ["grey.png", "grey.jpg", "grey.tif", "grey.avif"] {
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
}
