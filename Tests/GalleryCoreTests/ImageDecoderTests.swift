import CGtk
import Foundation
import TestRequirements
import XCTest
@testable import GalleryCore

final class ImageDecoderTests: XCTestCase {
    func testLargeJPEGBecomesASquareThumbnailOfItsMiddle() throws {
        let jpeg = TestImages.encoded(width: 2000, height: 1000, as: "jpeg")
        let thumbnail = try ImageDecoder.thumbnail(from: jpeg)
        XCTAssertEqual(thumbnail.image.texture.pixelWidth, 126)
        XCTAssertEqual(thumbnail.image.texture.pixelHeight, 126)
        XCTAssertEqual(thumbnail.image.sourceSize, PixelSize(width: 2000, height: 1000))

        XCTAssertEqual(ContentSniffer.imageFormat(of: try ThumbnailPNG.encode(thumbnail)), .png)
        let reread = try ThumbnailPNG.decodeTile(ThumbnailPNG.encode(thumbnail))
        XCTAssertEqual(reread.texture.pixelWidth, 126)
        XCTAssertEqual(reread.texture.pixelHeight, 126)
        // The red gradient runs 0–255 from left to right; the square is its middle half, as a
        // square tile shows the picture (cover-fitted): about 64 on the left, 191 on the right.
        let left = TestImages.pixel(of: reread.texture.texture, x: 1, y: 64)
        let right = TestImages.pixel(of: reread.texture.texture, x: 124, y: 64)
        XCTAssertEqual(Double(left.red), 64, accuracy: 12)
        XCTAssertEqual(Double(right.red), 191, accuracy: 12)
    }

    func testThumbnailsAreSquareAndSmallImagesAreNotUpscaled() throws {
        // Downscaled until the short side fits, then cropped: every pixel of the tile is sharp.
        let tall = try ImageDecoder.thumbnail(from: TestImages.encoded(width: 300, height: 900, as: "png"), side: 90)
        XCTAssertEqual(tall.image.texture.pixelWidth, 90)
        XCTAssertEqual(tall.image.texture.pixelHeight, 90)

        let small = try ImageDecoder.thumbnail(from: TestImages.encoded(width: 100, height: 50, as: "png"))
        XCTAssertEqual(small.image.texture.pixelWidth, 50)
        XCTAssertEqual(small.image.texture.pixelHeight, 50)

        let square = try ImageDecoder.thumbnail(from: TestImages.encoded(width: 64, height: 64, as: "png"))
        XCTAssertEqual(square.image.texture.pixelWidth, 64)
        XCTAssertEqual(square.image.sourceSize, PixelSize(width: 64, height: 64), "never upscaled")
    }

    /// The grid skips a tile's background under an opaque thumbnail; one with transparency
    /// keeps it, or the window would show through.
    func testThumbnailsKnowWhetherTheyAreOpaque() throws {
        let photo = try ImageDecoder.thumbnail(from: TestImages.encoded(width: 200, height: 150, as: "jpeg"))
        XCTAssertTrue(photo.image.texture.isOpaque)
        XCTAssertTrue(try ThumbnailPNG.decodeTile(ThumbnailPNG.encode(photo)).texture.isOpaque, "read back from the disk cache")
        let pixbuf = TestImages.pixbuf(width: 40, height: 40, alpha: true)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let withAlpha = TestImages.encode(pixbuf, as: "png")
        XCTAssertFalse(try ImageDecoder.thumbnail(from: withAlpha).image.texture.isOpaque)
    }

    func testOtherFormatsDecode() throws {
        for type in ["bmp", "tiff", "ico"] {
            let image = try ImageDecoder.original(from: TestImages.encoded(width: 32, height: 32, as: type))
            XCTAssertEqual(image.texture.pixelWidth, 32, type)
        }
        let gif = try ImageDecoder.original(from: Data(TestImages.gif1x1))
        XCTAssertEqual(gif.texture.pixelWidth, 1)
    }

    func testEXIFOrientationIsApplied() throws {
        // Stored 200×100, left half red, right half blue, tagged orientation 6 (rotate 90° CW
        // to display): the left edge becomes the top, so people see 100×200, red above blue.
        let data = try TestImages.sidewaysJPEG(width: 200, height: 100)
        let original = try ImageDecoder.original(from: data)
        XCTAssertEqual(original.texture.pixelWidth, 100)
        XCTAssertEqual(original.texture.pixelHeight, 200)
        XCTAssertFalse(original.wasDownscaled)
        // The thumbnail is the middle square of the upright image: still red above blue.
        let thumbnail = try ImageDecoder.thumbnail(from: data).image
        XCTAssertEqual(thumbnail.texture.pixelWidth, 100)
        XCTAssertEqual(thumbnail.texture.pixelHeight, 100)
        for (texture, source, height) in [(original.texture, original.sourceSize, 200), (thumbnail.texture, thumbnail.sourceSize, 100)] {
            XCTAssertEqual(source, PixelSize(width: 100, height: 200), "declared size is reported upright too")
            let top = TestImages.pixel(of: texture.texture, x: 50, y: height / 2 - 30)
            let bottom = TestImages.pixel(of: texture.texture, x: 50, y: height / 2 + 30)
            XCTAssertGreaterThan(top.red, 200)
            XCTAssertLessThan(top.blue, 60)
            XCTAssertGreaterThan(bottom.blue, 200)
            XCTAssertLessThan(bottom.red, 60)
        }
    }

    func testTruncatedJPEGAndPNGAreDamaged() {
        // gdk-pixbuf itself closes these without error and returns a half grey picture.
        let jpeg = TestImages.encoded(width: 800, height: 600, as: "jpeg")
        let png = TestImages.encoded(width: 800, height: 600, as: "png")
        for data in [jpeg.prefix(jpeg.count / 2), png.prefix(png.count / 2), png.prefix(png.count - 12)] {
            XCTAssertThrowsError(try ImageDecoder.thumbnail(from: data)) {
                XCTAssertEqual($0 as? LoadError, .damaged)
            }
            XCTAssertThrowsError(try ImageDecoder.original(from: data)) {
                XCTAssertEqual($0 as? LoadError, .damaged)
            }
        }
    }

    func testDataAfterTheEndMarkerIsAllowed() throws {
        // Motion photos append a video after the JPEG's EOI; the picture itself is complete.
        var jpeg = TestImages.encoded(width: 320, height: 240, as: "jpeg")
        jpeg.append(Data(repeating: 0x17, count: 5000))
        XCTAssertEqual(try ImageDecoder.original(from: jpeg).texture.pixelWidth, 320)
    }

    func testCorruptPNGIsDamaged() {
        var png = TestImages.encoded(width: 64, height: 64, as: "png")
        png.replaceSubrange(40..<png.count - 20, with: Data(repeating: 0x5A, count: png.count - 60))
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: png)) {
            XCTAssertEqual($0 as? LoadError, .damaged)
        }
    }

    func testHTMLIsNotAnImageAndEmptyIsDamaged() {
        let html = Data("<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>\n".utf8)
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: html)) {
            XCTAssertEqual($0 as? LoadError, .notAnImage)
        }
        XCTAssertThrowsError(try ImageDecoder.original(from: Data(repeating: 0x41, count: 50_000))) {
            XCTAssertEqual($0 as? LoadError, .notAnImage)
        }
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: Data())) {
            XCTAssertEqual($0 as? LoadError, .damaged)
        }
    }

    func testOriginalIsFullSizeUnlessOverTheTextureLimit() throws {
        let png = TestImages.encoded(width: 3000, height: 1500, as: "png")
        let full = try ImageDecoder.original(from: png)
        XCTAssertEqual(full.texture.pixelWidth, 3000)
        XCTAssertEqual(full.texture.pixelHeight, 1500)
        XCTAssertFalse(full.wasDownscaled)

        let fitted = try ImageDecoder.original(from: png, maxTextureSide: 1000)
        XCTAssertEqual(fitted.texture.pixelWidth, 1000)
        XCTAssertEqual(fitted.texture.pixelHeight, 500)
        XCTAssertEqual(fitted.sourceWidth, 3000)
        XCTAssertTrue(fitted.wasDownscaled)
    }

    func testDeclaredPixelCountOverTheLimitIsTooLarge() {
        let png = TestImages.encoded(width: 3000, height: 1500, as: "png")
        XCTAssertThrowsError(try ImageDecoder.original(from: png, maxPixels: 4_000_000)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge)
        }
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: png, maxPixels: 4_000_000)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge)
        }
        let jpeg = TestImages.encoded(width: 3000, height: 1500, as: "jpeg")
        XCTAssertThrowsError(try ImageDecoder.thumbnail(from: jpeg, maxPixels: 4_000_000)) {
            XCTAssertEqual($0 as? LoadError, .tooLarge)
        }
        XCTAssertNoThrow(try ImageDecoder.original(from: png, maxPixels: 4_500_000))
    }

    func testDecompressionBombIsRefusedWithoutAllocatingItsPixels() throws {
        let bomb = try Self.pngBomb(side: 30000)
        let guardedPeak = try DecodingHere.run { try PeakMemory.measure {
            XCTAssertThrowsError(try ImageDecoder.original(from: bomb)) {
                XCTAssertEqual($0 as? LoadError, .tooLarge)
            }
            XCTAssertThrowsError(try ImageDecoder.thumbnail(from: bomb)) {
                XCTAssertEqual($0 as? LoadError, .tooLarge)
            }
        } }
        XCTAssertLessThan(guardedPeak, 32 << 20)
    }

    func testSizePreparedGateRefusesFormatsWithoutAHeaderParser() throws {
        // SVG sizes are not parsed up front; the loader's size-prepared check has to catch them.
        func svg(_ side: Int) -> Data {
            Data("""
            <?xml version="1.0"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side / 2)">
              <rect width="100%" height="100%" fill="#c04020"/>
            </svg>
            """.utf8)
        }
        let small = try ImageDecoder.thumbnail(from: svg(600))
        XCTAssertEqual(small.image.texture.pixelWidth, ImageDecoder.defaultThumbnailSide)
        XCTAssertEqual(small.image.texture.pixelHeight, 126)
        XCTAssertEqual(small.image.sourceSize.width, 600)

        let peak = try DecodingHere.run { try PeakMemory.measure {
            XCTAssertThrowsError(try ImageDecoder.original(from: svg(40000))) {
                XCTAssertEqual($0 as? LoadError, .tooLarge)
            }
            XCTAssertThrowsError(try ImageDecoder.thumbnail(from: svg(3000), maxPixels: 1_000_000)) {
                XCTAssertEqual($0 as? LoadError, .tooLarge)
            }
        } }
        XCTAssertLessThan(peak, 32 << 20)
    }

    func testMeasurementSeesABombThatIsNotRefused() throws {
        // Control for the test above: with the limit lifted, gdk-pixbuf really does touch the
        // declared 12000×12000×4 bytes (576 MB), so a small peak there means "refused early".
        let bomb = try Self.pngBomb(side: 12000)
        let unguardedPeak = try DecodingHere.run { try PeakMemory.measure {
            _ = try? ImageDecoder.original(from: bomb, maxPixels: .max, maxTextureSide: 100_000)
        } }
        XCTAssertGreaterThan(unguardedPeak, 256 << 20)
    }

    /// Thread safety, not speed: every decode from many threads at once comes out whole. (That
    /// decodes do run side by side is measured, not asserted: `tools/bench`'s sandbox rows decode
    /// from two threads.)
    func testDecodesFromManyThreadsAtOnceAllComeOutWhole() throws {
        let sources = (0..<24).map { TestImages.encoded(width: 400 + $0 * 10, height: 300, as: $0 % 2 == 0 ? "jpeg" : "png") }
        let results = Results(count: sources.count)
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            results.set(index, (try? ImageDecoder.thumbnail(from: sources[index], side: 100))?.image.texture.pixelWidth)
        }
        XCTAssertEqual(results.values, Array(repeating: 100, count: sources.count))
    }

    func testDecodePNGThumbnailRejectsOtherData() {
        let png = TestImages.encoded(width: 64, height: 64, as: "png")
        XCTAssertThrowsError(try ThumbnailPNG.decodeTile(png.prefix(png.count - 30))) {
            XCTAssertEqual($0 as? LoadError, .damaged)
        }
        XCTAssertThrowsError(try ThumbnailPNG.decodeTile(TestImages.encoded(width: 8, height: 8, as: "jpeg"))) {
            XCTAssertEqual($0 as? LoadError, .damaged)
        }
        XCTAssertThrowsError(try ThumbnailPNG.decodeTile(Data())) {
            XCTAssertEqual($0 as? LoadError, .damaged)
        }
    }

    /// A PNG declaring side×side RGBA (3.6 GB decoded at 30000) whose data holds 500 rows of
    /// zeros and no end: a few hundred kilobytes that a trusting decoder turns into gigabytes.
    private static func pngBomb(side: Int) throws -> Data {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("bomb.png").path
        let script = """
        import struct, sys, zlib
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
        size = int(sys.argv[2])
        row = bytes(1 + size * 4)
        compressor = zlib.compressobj(6)
        idat = b"".join(compressor.compress(row) for _ in range(500)) + compressor.flush(zlib.Z_SYNC_FLUSH)
        png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
        png += chunk(b"IDAT", idat) + chunk(b"IEND", b"")
        open(sys.argv[1], "wb").write(png)
        """
        guard try TestImages.python(script, arguments: [path, String(side)]) else { throw TestRequirement.missing("needs /usr/bin/python3") }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}

/// Collects per-index results from `concurrentPerform`.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Int?) { lock.withLock { storage[index] = value } }
    var values: [Int?] { lock.withLock { storage } }
}
