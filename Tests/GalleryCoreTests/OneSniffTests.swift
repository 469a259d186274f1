import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// One verdict per download (issue 42): its inspector sees as many bytes as every later reader
/// when the first 64 cannot tell, so an SVG whose root comes after a long comment is a picture,
/// and a page behind a DOCTYPE that names svg is not one — to the download, the decoder and the
/// saved file's name alike. Against the real server on 127.0.0.1.
final class OneSniffTests: RepositoryTestCase {


    func testAnSVGBehindALongCommentIsAPictureAndAPageBehindAnSVGDoctypeIsNot() async throws {
        let server = try FixtureServer.shared()
        let tag = FixtureServer.uniqueTag()
        let svg = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In. -->\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\" fill=\"#c00\"/></svg>\n"
        let drawing = try server.writeFile(name: "drawing-\(tag).svg", contents: svg)
        let thumbnail = try await repository.thumbnail(for: drawing, priority: .interactive)
        XCTAssertEqual(thumbnail.sourceSize, PixelSize(width: 40, height: 30), "the Illustrator SVG is a picture")

        let page = "<!DOCTYPE svg>" + String(repeating: " ", count: 100) + "<html><body>invoice</body></html>\n"
        let invoice = try server.writeFile(name: "invoice-\(tag).svg", contents: page)
        do {
            _ = try await repository.thumbnail(for: invoice, priority: .interactive)
            XCTFail("a page is no picture")
        } catch {
            XCTAssertEqual(error as? LoadError, .notAnImage)
        }
        // Every later use takes the download's verdict: its copies are named by the format it
        // recorded, and bytes no download sniffed are named by the same sniff.
        let file = try await repository.originalFile(for: drawing, priority: .interactive)
        XCTAssertEqual(file.format, .svg, "the format the download decided")
        XCTAssertEqual(SavedFileName.suggested(title: "drawing", file: file), "drawing.svg")
        XCTAssertEqual(SavedFileName.suggested(title: "invoice.html", file: OriginalFile(data: Data(page.utf8), format: nil)), "invoice.html")
    }
}
