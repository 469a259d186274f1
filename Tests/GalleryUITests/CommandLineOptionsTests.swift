@testable import GalleryUI
import XCTest

final class CommandLineOptionsTests: XCTestCase {
    func testLinksURLInBothSpellings() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["link-gallery"]), CommandLineOptions())
        XCTAssertEqual(try CommandLineOptions.parse(["link-gallery", "--links-url", "https://example.com/a.txt"]).linksURL,
                       "https://example.com/a.txt")
        XCTAssertEqual(try CommandLineOptions.parse(["link-gallery", "--links-url=http://127.0.0.1:8080/l.txt"]).linksURL,
                       "http://127.0.0.1:8080/l.txt")
    }

    func testHelpAndVersion() throws {
        XCTAssertEqual(try CommandLineOptions.parse(["link-gallery", "--help"]).action, .showHelp)
        XCTAssertEqual(try CommandLineOptions.parse(["link-gallery", "-h"]).action, .showHelp)
        XCTAssertEqual(try CommandLineOptions.parse(["link-gallery", "--version"]).action, .showVersion)
        XCTAssertTrue(CommandLineOptions.helpText.contains("--links-url URL"))
    }

    func testMistakesGetAClearMessage() {
        XCTAssertThrowsError(try CommandLineOptions.parse(["link-gallery", "--links-url"])) {
            XCTAssertEqual("\($0)", "option --links-url needs a value")
        }
        XCTAssertThrowsError(try CommandLineOptions.parse(["link-gallery", "--links-url", "file:///etc/passwd"])) {
            XCTAssertEqual("\($0)", "not an http(s) URL: file:///etc/passwd")
        }
        XCTAssertThrowsError(try CommandLineOptions.parse(["link-gallery", "--verbose"])) {
            XCTAssertEqual("\($0)", "unknown option --verbose")
        }
    }
}
