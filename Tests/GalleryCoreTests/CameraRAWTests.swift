import CGtk
import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// Camera RAW files (issue 43) through LibRaw in a real worker, against LibRaw's own reference
/// developer (`dcraw_emu -T -w -o 1`: the camera's white balance, sRGB, turned): a DNG made at
/// test time (`Tests/Fixtures/dng_fixture.py`) is a picture, developed as the reference develops
/// it, upright in every turn the camera records, as a page and as a thumbnail; a cut one says why.
final class CameraRAWTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dng_fixture.py")

    /// A 96×64 DNG with `orientation`, and dcraw_emu's development of it.
    private func dng(orientation: Int) throws -> (raw: Data, reference: Data) {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("camera.dng").path
        guard ExternalTool.succeeds("/usr/bin/python3", [Self.fixture.path, path, "96", "64", String(orientation)]),
              ExternalTool.succeeds("/usr/bin/dcraw_emu", ["-T", "-w", "-o", "1", path]) else {
            throw TestRequirement.missing("needs python3 and dcraw_emu (libraw-bin)")
        }
        return (try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: path + ".tiff")))
    }

    func testADNGIsDevelopedAsLibRawsOwnDeveloperDoesInEachTurn() throws {
        for orientation in [1, 3, 6, 8] {
            let (raw, referenceFile) = try dng(orientation: orientation)
            XCTAssertEqual(ContentSniffer.imageFormat(of: raw), .tiff, "a DNG is a TIFF by its bytes")
            let page = try ImageDecoder.original(from: raw)
            // dcraw_emu's TIFF, a plain one, as Pillow reads it and lcms turns it through the
            // profile it embeds (sRGB's primaries, BT.709's curve): the colours it means.
            let reference = try ExternalReference.read(referenceFile)
            let upright = [6, 8].contains(orientation) ? [64, 96] : [96, 64]
            XCTAssertEqual([page.texture.pixelWidth, page.texture.pixelHeight], upright, "orientation \(orientation): upright")
            XCTAssertEqual(reference.size, PixelSize(width: upright[0], height: upright[1]))
            XCTAssertEqual(page.sourceSize, PixelSize(width: upright[0], height: upright[1]))
            let difference = try XCTUnwrap(reference.difference(from: page.texture))
            XCTAssertLessThanOrEqual(difference.largestOfMost, 2, "orientation \(orientation): as dcraw_emu develops it")
            // The thumbnail: no preview in this file, so the raw data at half its size.
            let thumbnail = try ImageDecoder.thumbnail(from: raw, side: 32)
            XCTAssertEqual(min(thumbnail.image.texture.pixelWidth, thumbnail.image.texture.pixelHeight), 32)
        }
    }

    /// The properties panel names a DNG for what it is, read by LibRaw in a worker: a TIFF by its
    /// bytes, a camera's raw data by its content; a TIFF of pixels stays a TIFF.
    func testThePropertiesNameADNGAndAPlainTIFFApart() throws {
        let (raw, plain) = try dng(orientation: 1)
        let dng = try XCTUnwrap(SandboxedPictureLoader().open(PictureBytes(oneOff: raw)))
        XCTAssertEqual(dng.format, .tiff)
        XCTAssertEqual(dng.cameraRAW, .dng)
        let tiff = try XCTUnwrap(SandboxedPictureLoader().open(PictureBytes(oneOff: plain)))
        XCTAssertEqual(tiff.format, .tiff)
        XCTAssertNil(tiff.cameraRAW, "dcraw_emu's TIFF holds pixels, not a camera's raw data")
    }

    /// A DNG cut short: one picture's message, never a crash, and the app's TIFFs still decode.
    func testACutDNGSaysWhy() throws {
        let (raw, referenceFile) = try dng(orientation: 1)
        XCTAssertThrowsError(try ImageDecoder.original(from: raw.prefix(raw.count / 2))) { error in
            XCTAssertTrue([.damaged, .couldNotDecode].contains(error as? LoadError), "\(error)")
        }
        XCTAssertNoThrow(try ImageDecoder.original(from: referenceFile))
    }

    /// A real camera's DNG (`Tests/Fixtures/public-dng`: a Blackmagic Pocket Cinema Camera's
    /// CinemaDNG frame, lossless-JPEG compressed): the page at full size and its thumbnail as
    /// LibRaw's own developer develops it to sRGB's primaries and curve (`dcraw_emu -T -w -o 1
    /// -g 2.4 12.92`), sampled across the picture.
    func testAPublicCameraDNGIsDevelopedAsLibRawsOwnDeveloperDoes() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("camera.dng").path
        try FileManager.default.copyItem(atPath: Self.fixture.deletingLastPathComponent()
            .appendingPathComponent("public-dng/blackmagic-pocket-cinema.dng").path, toPath: path)
        guard ExternalTool.succeeds("/usr/bin/dcraw_emu", ["-T", "-w", "-o", "1", "-g", "2.4", "12.92", path]) else {
            throw TestRequirement.missing("needs dcraw_emu (libraw-bin)")
        }
        // The TIFF's pixels as they are: the profile dcraw_emu embeds gives its curve as one
        // gamma, which parts from the curve it developed to in the shadows.
        guard try TestImages.python("import sys\nfrom PIL import Image\nimage = Image.open(sys.argv[1])\nimage.info.pop('icc_profile', None)\nimage.save(sys.argv[2])",
                                    arguments: [path + ".tiff", path + ".png"]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
        let raw = try Data(contentsOf: URL(fileURLWithPath: path))
        let page = try ImageDecoder.original(from: raw) // whole: within the texture limit
        let reference = try ExternalReference.read(URL(fileURLWithPath: path + ".png"))
        XCTAssertEqual(PixelSize(width: page.texture.pixelWidth, height: page.texture.pixelHeight), reference.size)
        let difference = try XCTUnwrap(reference.difference(from: page.texture))
        XCTAssertLessThanOrEqual(difference.largestOfMost, 2, "as dcraw_emu develops it")
        let thumbnail = try ImageDecoder.thumbnail(from: raw, side: 64)
        XCTAssertEqual(thumbnail.image.sourceSize, reference.size)
    }
}
