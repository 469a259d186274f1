import Foundation
import XCTest
@testable import GalleryCore

final class ImageHeaderSizeTests: XCTestCase {
    private func size(_ data: some Collection<UInt8>) -> [Int]? {
        ImageHeaderSize.declaredSize(of: data).map { [$0.width, $0.height] }
    }

    func testSizesFromFilesWrittenByGdkPixbuf() {
        for type in ["png", "jpeg", "bmp", "tiff"] {
            XCTAssertEqual(size(TestImages.encoded(width: 123, height: 45, as: type)), [123, 45], type)
        }
        XCTAssertEqual(size(TestImages.gif1x1), [1, 1])
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
        guard try TestImages.python(script, arguments: [folder.url.path]) else { throw XCTSkip("needs PIL with WebP") }
        for name in ["lossy", "lossless", "alpha"] {
            let data = try Data(contentsOf: folder.url.appendingPathComponent(name + ".webp"))
            XCTAssertEqual(ContentSniffer.imageFormat(of: data), .webp, name)
            XCTAssertEqual(size(data), [321, 123], name)
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
    }

    func testUnknownOrIncompleteHeadersGiveNothing() {
        XCTAssertNil(size(Array("<svg width='10' height='10'/>".utf8)))
        XCTAssertNil(size(TestImages.encoded(width: 10, height: 10, as: "png").prefix(20)))
        XCTAssertNil(size([UInt8]()))
    }
}
