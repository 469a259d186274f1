import Foundation
import XCTest
@testable import GalleryCore

/// What a picture says about itself, read by its own library (`PictureFacts`): the facts every
/// step of the pipeline decodes by.
final class PictureFactsTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    private func size(_ data: Data) -> [Int]? {
        PictureFacts.read(data).size.map { [$0.width, $0.height] }
    }

    func testSizesFromFilesWrittenByGdkPixbuf() {
        for type in ["png", "jpeg", "bmp", "tiff"] {
            XCTAssertEqual(size(TestImages.encoded(width: 123, height: 45, as: type)), [123, 45], type)
        }
        XCTAssertEqual(size(Data(TestImages.gif1x1)), [1, 1])
    }

    func testWebPVariantsWrittenByPIL() throws {
        let folder = try TemporaryDirectory()
        let script = """
        import sys
        from PIL import Image
        Image.new("RGB", (321, 123), (10, 20, 30)).save(sys.argv[1] + "/lossy.webp", "WEBP", quality=80)
        Image.new("RGB", (321, 123), (10, 20, 30)).save(sys.argv[1] + "/lossless.webp", "WEBP", lossless=True)
        Image.new("RGBA", (321, 123), (10, 20, 30, 128)).save(sys.argv[1] + "/alpha.webp", "WEBP", quality=80)
        """
        XCTAssertTrue(try TestImages.python(script, arguments: [folder.url.path]), "PIL with WebP (python3-pil) must be installed")
        for name in ["lossy", "lossless", "alpha"] {
            let data = try Data(contentsOf: folder.url.appendingPathComponent(name + ".webp"))
            XCTAssertEqual(ContentSniffer.imageFormat(of: data), .webp, name)
            XCTAssertEqual(size(data), [321, 123], name)
            XCTAssertEqual(PictureFacts.read(data).hasAlpha, name == "alpha", name)
        }
    }

    func testJPEGSizeBehindALargeMetadataSegment() {
        let jpeg = TestImages.encoded(width: 64, height: 32, as: "jpeg")
        // Insert a 60 KB APP1 segment right after SOI, as cameras do with EXIF and thumbnails.
        var padded = Data(jpeg.prefix(2))
        let payload = 60_000
        padded.append(contentsOf: [0xFF, 0xE1, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)])
        padded.append(Data(repeating: 0, count: payload))
        padded.append(jpeg.dropFirst(2))
        XCTAssertEqual(size(padded), [64, 32])
        XCTAssertEqual(PictureFacts.read(padded).orientation, 1, "an APP1 that is not EXIF says nothing")
    }

    func testUnknownOrIncompleteHeadersGiveNothing() {
        XCTAssertNil(size(Data("<svg width='10' height='10'/>".utf8)))
        for type in ["png", "jpeg", "tiff"] {
            XCTAssertNil(size(TestImages.encoded(width: 10, height: 10, as: type).prefix(20)), type)
        }
        XCTAssertNil(size(Data()))
    }

    /// libjpeg keeps the APP1 segment, Exiv2 reads the orientation from it: the public set of one
    /// photo stored eight ways.
    func testJPEGOrientationOfThePublicExamples() throws {
        for orientation in 1...8 {
            let url = Self.fixtures.appendingPathComponent("exif-orientation-examples/Landscape_\(orientation).jpg")
            let facts = PictureFacts.read(try Data(contentsOf: url))
            XCTAssertEqual(facts.orientation, orientation, url.lastPathComponent)
            XCTAssertEqual(facts.uprightSize?.width ?? 0 > facts.uprightSize?.height ?? 0, true, "landscape once upright")
        }
    }

    /// The EXIF of a PNG (`eXIf`, read by libpng), a WebP (its `EXIF` chunk, by libwebp's
    /// demuxer) and a TIFF's own tag (libtiff), written by PIL.
    func testOrientationInPNGWebPAndTIFF() throws {
        let folder = try TemporaryDirectory()
        let script = """
        import sys
        from PIL import Image
        exif = Image.Exif()
        exif[0x0112] = 6
        picture = Image.new("RGB", (40, 20), (200, 30, 30))
        picture.save(sys.argv[1] + "/turned.png", exif=exif.tobytes())
        picture.save(sys.argv[1] + "/turned.webp", exif=exif.tobytes(), lossless=True)
        picture.save(sys.argv[1] + "/turned.tif", tiffinfo={0x0112: 6})
        picture.save(sys.argv[1] + "/plain.png")
        """
        XCTAssertTrue(try TestImages.python(script, arguments: [folder.url.path]), "PIL (python3-pil) must be installed")
        for name in ["turned.png", "turned.webp", "turned.tif", "plain.png"] {
            let facts = PictureFacts.read(try Data(contentsOf: folder.url.appendingPathComponent(name)))
            XCTAssertEqual(facts.size, PixelSize(width: 40, height: 20), name)
            XCTAssertEqual(facts.orientation, name == "plain.png" ? 1 : 6, name)
            XCTAssertEqual(facts.uprightSize, name == "plain.png" ? PixelSize(width: 40, height: 20) : PixelSize(width: 20, height: 40), name)
        }
    }

    /// The turn is applied to the pixels too, as PIL's `ImageOps.exif_transpose` turns the same
    /// files: a PNG (`eXIf`), a WebP (`EXIF`) and a TIFF (its tag) stored on their side, each
    /// corner and the middle compared with the reference.
    func testPNGWebPAndTIFFStoredOnTheirSideDecodeAsPILTurnsThem() throws {
        let folder = try TemporaryDirectory()
        let script = """
        import sys
        from PIL import Image, ImageOps
        exif = Image.Exif()
        exif[0x0112] = 6
        picture = Image.new("RGB", (40, 20), (200, 30, 30))
        picture.paste((30, 30, 200), (20, 0, 40, 20))
        picture.paste((30, 200, 30), (0, 0, 6, 6))
        picture.save(sys.argv[1] + "/turned.png", exif=exif.tobytes())
        picture.save(sys.argv[1] + "/turned.webp", exif=exif.tobytes(), lossless=True)
        picture.save(sys.argv[1] + "/turned.tif", tiffinfo={0x0112: 6})
        ImageOps.exif_transpose(Image.open(sys.argv[1] + "/turned.png")).save(sys.argv[1] + "/reference.png")
        """
        XCTAssertTrue(try TestImages.python(script, arguments: [folder.url.path]), "PIL (python3-pil) must be installed")
        let reference = try ExternalReference.read(folder.url.appendingPathComponent("reference.png"))
        XCTAssertEqual(reference.size, PixelSize(width: 20, height: 40), "PIL turned it")
        for name in ["turned.png", "turned.webp", "turned.tif"] {
            let image = try ImageDecoder.original(from: try Data(contentsOf: folder.url.appendingPathComponent(name)))
            XCTAssertEqual([image.texture.pixelWidth, image.texture.pixelHeight], [20, 40], name)
            let difference = try XCTUnwrap(reference.difference(from: image.texture), name)
            XCTAssertEqual(difference.largestOfMost, 0, "\(name): every pixel where PIL turns it")
        }
    }

    /// libheif's primary picture: its size after the file's turns (libheif 1.15 tells a `clap`
    /// crop only once decoded: the size is what the decoder makes before it cuts), alpha and
    /// the profile.
    func testHEIFFactsFollowTurnsAlphaAndProfile() throws {
        func facts(_ name: String) throws -> PictureFacts {
            PictureFacts.read(try Data(contentsOf: Self.fixtures.appendingPathComponent("avif-sample-images/" + name)))
        }
        let crop = try facts("kimono.crop.avif")
        XCTAssertEqual(crop.size, PixelSize(width: 722, height: 1024))
        XCTAssertEqual(crop.decodedPixels, 722 * 1024, "decoded whole, then cut")
        XCTAssertEqual(try ImageDecoder.original(from: Data(contentsOf: Self.fixtures.appendingPathComponent("avif-sample-images/kimono.crop.avif")))
            .sourceSize, PixelSize(width: 385, height: 330), "the picture is the crop")
        XCTAssertEqual(try facts("kimono.rotate90.avif").size, PixelSize(width: 1024, height: 722))
        XCTAssertEqual(try facts("kimono.rotate90.avif").orientation, 1, "libheif turns it itself")
        XCTAssertTrue(try facts("plum-blossom-small.profile0.8bpc.yuv420.alpha-full.avif").hasAlpha)
        XCTAssertFalse(try facts("kimono.crop.avif").hasAlpha)
        XCTAssertNotNil(try facts("red-at-12-oclock-with-color-profile-8bpc.avif").colorProfile)
    }
}
