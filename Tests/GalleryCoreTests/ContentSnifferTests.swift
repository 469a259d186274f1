import Foundation
import XCTest
@testable import GalleryCore

final class ContentSnifferTests: XCTestCase {
    private func sniff(_ bytes: [UInt8]) -> ImageFormat? { ContentSniffer.imageFormat(of: bytes) }
    private func sniff(_ text: String) -> ImageFormat? { ContentSniffer.imageFormat(of: Array(text.utf8)) }

    func testFormatsWrittenByGdkPixbufAreRecognised() {
        XCTAssertEqual(ContentSniffer.imageFormat(of: TestImages.encoded(width: 16, height: 8, as: "png")), .png)
        XCTAssertEqual(ContentSniffer.imageFormat(of: TestImages.encoded(width: 16, height: 8, as: "jpeg")), .jpeg)
        XCTAssertEqual(ContentSniffer.imageFormat(of: TestImages.encoded(width: 16, height: 8, as: "bmp")), .bmp)
        XCTAssertEqual(ContentSniffer.imageFormat(of: TestImages.encoded(width: 16, height: 16, as: "ico")), .ico)
        XCTAssertEqual(ContentSniffer.imageFormat(of: TestImages.encoded(width: 16, height: 8, as: "tiff")), .tiff)
    }

    func testOnlyThePrefixIsNeeded() {
        let png = TestImages.encoded(width: 300, height: 300, as: "png")
        XCTAssertEqual(ContentSniffer.imageFormat(of: png.prefix(16)), .png)
        XCTAssertNil(ContentSniffer.imageFormat(of: png.prefix(4)), "four bytes are not a PNG signature")
    }

    func testHandMadeHeaders() {
        XCTAssertEqual(sniff(TestImages.gif1x1), .gif)
        XCTAssertEqual(sniff(Array("GIF87a".utf8) + [0x01, 0x00, 0x01, 0x00]), .gif)
        // RIFF size WEBP VP8L
        XCTAssertEqual(sniff(Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8L".utf8)), .webp)
        XCTAssertNil(sniff(Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WAVEfmt ".utf8)), "a WAV file")
        XCTAssertEqual(sniff(Array("MM".utf8) + [0x00, 0x2A, 0, 0, 0, 8]), .tiff)
        XCTAssertEqual(sniff(Array("II".utf8) + [0x2A, 0x00, 8, 0, 0, 0]), .tiff)
    }

    func testISOMediaBrandsTellAVIFAndHEIFFromVideo() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let size = 16 + 4 * compatible.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
                + compatible.flatMap { Array($0.utf8) }
        }
        XCTAssertEqual(sniff(ftyp("avif", ["mif1", "miaf"])), .avif)
        XCTAssertEqual(sniff(ftyp("avis", ["avis", "msf1"])), .avif)
        XCTAssertEqual(sniff(ftyp("mif1", ["avif", "miaf"])), .avif, "AVIF declared as a compatible brand")
        XCTAssertEqual(sniff(ftyp("heic", ["mif1", "heic"])), .heif)
        XCTAssertEqual(sniff(ftyp("heix", ["mif1"])), .heif)
        XCTAssertEqual(sniff(ftyp("mif1", ["heic"])), .heif)
        XCTAssertNil(sniff(ftyp("isom", ["isom", "iso2", "avc1", "mp41"])), "MP4 video")
    }

    func testSVGBehindBOMWhitespaceProlog() {
        XCTAssertEqual(sniff("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>"), .svg)
        XCTAssertEqual(sniff("\u{FEFF}\n  <?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- made by hand > -->\n"
            + "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
            + "<svg version=\"1.1\">"), .svg)
        XCTAssertEqual(sniff("<!DOCTYPE svg [ <!ENTITY a \"<b>\"> ]><svg>"), .svg)
        XCTAssertEqual(sniff("<svg>"), .svg)
        XCTAssertNil(sniff("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel/></rss>"))
        XCTAssertNil(sniff("<?xml version=\"1.0\"?>\n<!DOCTYPE html><html><svg></svg></html>"))
        XCTAssertNil(sniff("<svgfoo/>"))
        XCTAssertNil(sniff("<?xml version=\"1.0\"?>"), "a prolog alone does not make an SVG")
    }

    /// Whether the first 64 bytes a download shows its inspector can tell, or it must see as
    /// many as every later reader (issue 42: one sniff per download).
    func testAPrologRunningPastTheFirstBytesAsksForMore() {
        let illustrator = Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Generator: Adobe Illustrator 27.0.0, "
            + "SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->\n<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\">").utf8)
        XCTAssertTrue(ContentSniffer.needsMoreBytes(illustrator.prefix(64)), "cut inside the comment")
        XCTAssertNil(sniff(Array(illustrator.prefix(64))), "64 bytes alone say nothing")
        XCTAssertFalse(ContentSniffer.needsMoreBytes(illustrator))
        XCTAssertEqual(sniff(illustrator), .svg)

        // A DOCTYPE naming svg, then a page: an SVG to 64 bytes, HTML to 1,024.
        let disguised = Array(("<!DOCTYPE svg>" + String(repeating: " ", count: 100) + "<html><body>invoice</body></html>").utf8)
        XCTAssertTrue(ContentSniffer.needsMoreBytes(disguised.prefix(64)))
        XCTAssertNil(sniff(disguised), "what follows decides")

        for decided in ["<svg/>", "<html>", "\u{89}PNG\r\n\u{1A}\n", "GIF89a", "plain words"] {
            XCTAssertFalse(ContentSniffer.needsMoreBytes(Array(decided.utf8)), decided)
        }
        XCTAssertTrue(ContentSniffer.needsMoreBytes(Array("<!DOC".utf8)), "a construct cut in its name")
        XCTAssertTrue(ContentSniffer.needsMoreBytes(Array("   \n  ".utf8)), "white space alone")
    }

    func testTextAndOtherFilesAreNotImages() {
        XCTAssertNil(sniff("<!DOCTYPE html><html><head><title>404 Not Found</title></head></html>"))
        XCTAssertNil(sniff("BMW is a car brand and not a bitmap header at all."))
        XCTAssertNil(sniff("{\"error\": \"not found\"}"))
        XCTAssertNil(sniff("%PDF-1.7\n"))
        XCTAssertNil(sniff([UInt8]()))
        XCTAssertNil(sniff([0x00, 0x00, 0x01, 0x00, 0x00, 0x00]), "ICO header with zero images")
    }

    func testContentTypes() {
        XCTAssertEqual(ContentSniffer.isImage(contentType: "image/jpeg"), true)
        XCTAssertEqual(ContentSniffer.isImage(contentType: "IMAGE/PNG; charset=binary"), true)
        XCTAssertEqual(ContentSniffer.isImage(contentType: " image/svg+xml "), true)
        XCTAssertEqual(ContentSniffer.isImage(contentType: "text/html; charset=utf-8"), false)
        XCTAssertEqual(ContentSniffer.isImage(contentType: "text/plain"), false)
        XCTAssertEqual(ContentSniffer.isImage(contentType: "application/json"), false)
        XCTAssertEqual(ContentSniffer.isImage(contentType: "video/mp4"), false)
        XCTAssertNil(ContentSniffer.isImage(contentType: nil))
        XCTAssertNil(ContentSniffer.isImage(contentType: ""))
        XCTAssertNil(ContentSniffer.isImage(contentType: "application/octet-stream"))
        XCTAssertNil(ContentSniffer.isImage(contentType: "binary/octet-stream"))
        XCTAssertNil(ContentSniffer.isImage(contentType: "text/xml"), "SVG is often served as XML")
    }
}
