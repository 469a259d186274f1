@testable import GalleryUI
import GalleryCore
import XCTest

final class CommandLineOptionsTests: XCTestCase {
    private let home = URL(fileURLWithPath: "/home/person")

    func testLinksURLOrAPositionalList() throws {
        XCTAssertNil(try CommandLineOptions().source(relativeTo: home))
        XCTAssertEqual(try CommandLineOptions(linksURL: "https://example.com/a.txt").source(relativeTo: home),
                       .web(URL(string: "https://example.com/a.txt")!))
        XCTAssertEqual(try CommandLineOptions(lists: ["http://127.0.0.1:8080/l.txt"]).source(relativeTo: home),
                       .web(URL(string: "http://127.0.0.1:8080/l.txt")!))
        XCTAssertEqual(try CommandLineOptions(lists: ["lists/cats.txt"]).source(relativeTo: home),
                       .file(URL(fileURLWithPath: "/home/person/lists/cats.txt")))
        XCTAssertEqual(try CommandLineOptions(lists: ["file:///tmp/dogs.txt"]).source(relativeTo: home),
                       .file(URL(fileURLWithPath: "/tmp/dogs.txt")))
    }

    func testMistakesGetAClearMessage() {
        // --links-url stays web-only: a file is named as the positional argument.
        XCTAssertThrowsError(try CommandLineOptions(linksURL: "file:///etc/passwd").source(relativeTo: home)) {
            XCTAssertEqual(($0 as? CommandLineOptions.ParseError).map(ErrorMessages.explanation), "not an http(s) URL: file:///etc/passwd")
        }
        XCTAssertThrowsError(try CommandLineOptions(lists: ["javascript:alert(1)"]).source(relativeTo: home)) {
            XCTAssertEqual(($0 as? CommandLineOptions.ParseError).map(ErrorMessages.explanation),
                           "not an http(s) address or a file: javascript:alert(1)")
        }
        XCTAssertThrowsError(try CommandLineOptions(linksURL: "https://a.example/1", lists: ["b.txt"]).source(relativeTo: home)) {
            XCTAssertEqual($0 as? CommandLineOptions.ParseError, .moreThanOneList)
        }
    }
}
