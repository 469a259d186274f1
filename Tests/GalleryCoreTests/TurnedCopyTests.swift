import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Save Image As… of a turned picture (`TurnedCopy`, made by a real worker): a JPEG keeps every
/// byte but its EXIF orientation, as GNOME Image Viewer saves it; a PNG is written again turned,
/// with its ICC profile and its EXIF, whose orientation now says "as stored". Each copy, decoded
/// as any viewer decodes it, is the original as shown, turned.
final class TurnedCopyTests: XCTestCase {
    private static let profilePath = "/usr/share/color/icc/ghostscript/a98.icc"

    /// A 90×60 picture (gradients and noise) tagged EXIF `orientation` (none: 0) and a camera
    /// make, with the Adobe RGB profile, written by PIL as `format`.
    private func picture(_ format: String, orientation: Int) throws -> Data {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("picture").path
        let script = """
        import sys
        from PIL import Image
        path, kind, orientation, profile = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
        across = Image.linear_gradient("L").rotate(90).resize((90, 60))
        down = Image.linear_gradient("L").resize((90, 60))
        image = Image.merge("RGB", (across, down, Image.effect_noise((90, 60), 60)))
        options = {"icc_profile": open(profile, "rb").read()}
        if orientation:
            exif = Image.Exif()
            exif[0x0112] = orientation
            exif[0x010F] = "LinkGalleryCam"
            options["exif"] = exif.tobytes()
        if kind == "jpeg":
            options["quality"] = 95
        image.save(path, kind.upper(), **options)
        """
        guard FileManager.default.fileExists(atPath: Self.profilePath),
              try TestImages.python(script, arguments: [path, format, String(orientation), Self.profilePath]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL and libgs-common's ICC profiles")
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func testATurnedJPEGKeepsEveryByteButItsOrientation() throws {
        let original = try picture("jpeg", orientation: 6)
        let copy = try ImageDecoder.turnedCopy(of: original, turn: PictureTurn.none.rotatedRight)
        XCTAssertEqual(copy.fileExtension, "jpg")
        XCTAssertEqual(copy.data.count, original.count, "not encoded again")
        let changed = zip(original, copy.data).filter { $0 != $1 }.count
        XCTAssertEqual(changed, 1, "one byte: the orientation's value")
        XCTAssertEqual(PictureFacts.read(copy.data).orientation, 3, "a quarter turn on a quarter turn: half a turn")
        XCTAssertEqual(PictureFacts.read(copy.data).colorProfile, PictureFacts.read(original).colorProfile, "the profile kept")
        try assertShowsTurnedRight(copy.data, of: original, tolerance: 0)
    }

    /// A JPEG without EXIF gets a small EXIF segment that says the turn; its pixels stay.
    func testAJPEGWithoutEXIFGetsOneThatSaysTheTurn() throws {
        let original = try picture("jpeg", orientation: 0)
        XCTAssertNil(ExifBlock.find(in: original, format: .jpeg))
        let copy = try ImageDecoder.turnedCopy(of: original, turn: PictureTurn.none.rotatedRight)
        XCTAssertEqual(copy.data.count, original.count + 4 + 6 + 26, "one APP1 segment more, nothing encoded again")
        XCTAssertEqual(PictureFacts.read(copy.data).orientation, 6)
        try assertShowsTurnedRight(copy.data, of: original, tolerance: 0)
    }

    func testATurnedPNGKeepsItsProfileAndEXIFWithTheOrientationReset() throws {
        let original = try picture("png", orientation: 6)
        let copy = try ImageDecoder.turnedCopy(of: original, turn: PictureTurn.none.rotatedRight)
        XCTAssertEqual(copy.fileExtension, "png")
        let facts = PictureFacts.read(copy.data)
        XCTAssertEqual(facts.colorProfile, PictureFacts.read(original).colorProfile, "the Adobe RGB profile kept")
        XCTAssertEqual(facts.orientation, 1, "stored upright now")
        let exif = try XCTUnwrap(ExifBlock.find(in: copy.data, format: .png), "the EXIF kept")
        let block = Data(copy.data)[exif.range]
        XCTAssertEqual(ExifOrientationTag.orientation(in: Data(block)), 1)
        XCTAssertNotNil(block.range(of: Data("LinkGalleryCam".utf8)), "the camera's make kept")
        // Written from the original's own colours: converted to sRGB on display, as the original is.
        try assertShowsTurnedRight(copy.data, of: original, tolerance: 1)
    }

    /// Save Copy of a crop (issue 44): of a JPEG turned twice (its EXIF, then the person), the
    /// kept part of the picture as shown, encoded again as JPEG with the profile and the camera's
    /// EXIF, its orientation reset; of a PNG, the same pixels exactly.
    func testACropIsThePartShownWithTheProfileAndEXIFKept() throws {
        for (format, tolerance) in [("jpeg", 40), ("png", 1)] {
            let original = try picture(format, orientation: 6)
            let turn = PictureTurn.none.rotatedRight
            let area = try XCTUnwrap(CropArea(x: 10, y: 5, width: 40, height: 30))
            let copy = try ImageDecoder.turnedCopy(of: original, turn: turn, crop: area)
            XCTAssertEqual(copy.fileExtension, format == "jpeg" ? "jpg" : "png")
            let facts = PictureFacts.read(copy.data)
            XCTAssertEqual(facts.colorProfile, PictureFacts.read(original).colorProfile, "\(format): the profile kept")
            XCTAssertEqual(facts.orientation, 1, "\(format): stored as shown")
            let exif = try XCTUnwrap(ExifBlock.find(in: copy.data, format: format == "jpeg" ? .jpeg : .png))
            XCTAssertNotNil(Data(copy.data)[exif.range].range(of: Data("LinkGalleryCam".utf8)), "\(format): the make kept")

            // Against the whole picture as shown turned (the uncropped copy, decoded as any viewer does).
            let whole = try DecodingHere.run { try ImageDecoder.original(from: ImageDecoder.turnedCopy(of: original, turn: turn).data) }
            let kept = try DecodingHere.run { try ImageDecoder.original(from: copy.data) }
            XCTAssertEqual([kept.texture.pixelWidth, kept.texture.pixelHeight], [40, 30])
            var total = 0, worst = 0
            for y in 0..<30 {
                for x in 0..<40 {
                    let got = TestImages.pixel(of: kept.texture.texture, x: x, y: y)
                    let expected = TestImages.pixel(of: whole.texture.texture, x: x + 10, y: y + 5)
                    let difference = max(abs(Int(got.red) - Int(expected.red)), abs(Int(got.green) - Int(expected.green)),
                                         abs(Int(got.blue) - Int(expected.blue)))
                    total += difference
                    worst = max(worst, difference)
                }
            }
            XCTAssertLessThanOrEqual(worst, tolerance, "\(format): the worst pixel")
            // Encoded again, the noise of the blue channel loses to the JPEG writer's halved chroma.
            XCTAssertLessThanOrEqual(Double(total) / 1200, format == "jpeg" ? 10 : 0.5, "\(format): on average")
        }
        XCTAssertThrowsError(try ImageDecoder.turnedCopy(of: picture("png", orientation: 0), turn: .none,
                                                         crop: XCTUnwrap(CropArea(x: 200, y: 0, width: 10, height: 10))),
                             "a crop outside the picture keeps nothing")
    }

    /// The copy, decoded as the app shows any picture (upright, in sRGB), is the original as
    /// shown turned a quarter clockwise.
    private func assertShowsTurnedRight(_ copy: Data, of original: Data, tolerance: Int, file: StaticString = #filePath,
                                        line: UInt = #line) throws {
        let shown = try DecodingHere.run { try ImageDecoder.original(from: original) }
        let turned = try DecodingHere.run { try ImageDecoder.original(from: copy) }
        let (width, height) = (shown.texture.pixelWidth, shown.texture.pixelHeight)
        XCTAssertEqual([turned.texture.pixelWidth, turned.texture.pixelHeight], [height, width], file: file, line: line)
        for (x, y) in [(0, 0), (height - 1, 0), (0, width - 1), (height / 2, width / 3), (height - 1, width - 1), (7, 11)] {
            let got = TestImages.pixel(of: turned.texture.texture, x: x, y: y)
            let expected = TestImages.pixel(of: shown.texture.texture, x: y, y: height - 1 - x)
            let difference = max(abs(Int(got.red) - Int(expected.red)), abs(Int(got.green) - Int(expected.green)),
                                 abs(Int(got.blue) - Int(expected.blue)))
            XCTAssertLessThanOrEqual(difference, tolerance, "(\(x), \(y)): \(got) against \(expected)", file: file, line: line)
        }
    }
}
