import Foundation
import XCTest
@testable import GalleryCore

final class LinksFileParserTests: XCTestCase {
    private func parse(_ text: String) -> [LinkLine] { LinksFileParser.parse(Data(text.utf8)) }

    func testMixedLineEndingsCountPhysicalLines() {
        let lines = parse("a\nb\r\nc\rd")
        XCTAssertEqual(lines, [
            LinkLine(lineNumber: 1, text: "a", byteRange: 0..<1), LinkLine(lineNumber: 2, text: "b", byteRange: 2..<3),
            LinkLine(lineNumber: 3, text: "c", byteRange: 5..<6), LinkLine(lineNumber: 4, text: "d", byteRange: 7..<8),
        ])
    }

    func testCRLFIsOneLineEndButLFCRIsTwo() {
        XCTAssertEqual(parse("a\r\nb").map(\.lineNumber), [1, 2])
        XCTAssertEqual(parse("a\n\rb").map(\.lineNumber), [1, 3])
    }

    func testBlankLinesAreSkippedButCounted() {
        let lines = parse("\r\n\n   \n\t\nhttp://x/\n\n")
        XCTAssertEqual(lines, [LinkLine(lineNumber: 5, text: "http://x/", byteRange: 9..<18)])
        XCTAssertEqual(parse("\n\n\n"), [])
        XCTAssertEqual(parse(""), [])
    }

    func testUTF8BOMIsStripped() {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("https://a.example/1.png\nhttps://b.example/".utf8))
        let lines = LinksFileParser.parse(data)
        XCTAssertEqual(lines.first?.text, "https://a.example/1.png")
        XCTAssertEqual(lines.first?.lineNumber, 1)
        XCTAssertEqual(lines.count, 2)
    }

    func testWhitespaceIncludingNBSPAndTabsIsTrimmed() {
        let lines = parse("\t  https://a.example/x.jpg \u{00A0}\u{3000}\n\u{00A0}\u{200B}\n\u{FEFF} b c \t")
        XCTAssertEqual(lines.map(\.text), ["https://a.example/x.jpg", "b c"])
        XCTAssertEqual(lines.map(\.lineNumber), [1, 3])
        // Where each text stands in the file (what a worker's reply names): past the trimmed
        // white space, two bytes each for the NBSP and three for the ideographic space and BOM.
        XCTAssertEqual(lines.map(\.byteRange), [3..<26, 43..<46])
    }

    func testInvalidUTF8IsDecodedLossilyAndOtherLinesSurvive() {
        var data = Data("https://a.example/1.jpg\n".utf8)
        data.append(contentsOf: [0x62, 0xFF, 0xFE, 0xC3, 0x0A]) // "b", two invalid bytes, cut-off sequence, LF
        data.append(Data("https://b.example/2.jpg".utf8))
        let lines = LinksFileParser.parse(data)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0].text, "https://a.example/1.jpg")
        XCTAssertTrue(lines[1].text.hasPrefix("b"))
        XCTAssertTrue(lines[1].text.unicodeScalars.contains("\u{FFFD}"))
        XCTAssertEqual(lines.map(\.isUTF8), [true, false, true])
        XCTAssertEqual(lines[2], LinkLine(lineNumber: 3, text: "https://b.example/2.jpg", byteRange: 29..<52))
    }

    func testVeryLongLineIsTruncatedAndFollowingLinesKeepTheirNumbers() {
        let long = "https://a.example/" + String(repeating: "x", count: 1_000_000)
        let lines = parse(long + "\nhttps://b.example/")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0].text.count, LinksFileParser.maxLineLength)
        XCTAssertTrue(lines[0].text.hasPrefix("https://a.example/xxx"))
        XCTAssertEqual(lines[1], LinkLine(lineNumber: 2, text: "https://b.example/", byteRange: 1_000_019..<1_000_037))
        // Still classifies as a link after truncation.
        XCTAssertNotNil(LinkClassifier.classify(lines[0].text).url)
    }

    func testLongNonASCIILineIsCutOnCharacterBoundaries() {
        let lines = parse(String(repeating: "кот", count: 10_000))
        XCTAssertEqual(lines.first?.text.count, LinksFileParser.maxLineLength)
        XCTAssertFalse(lines.first!.text.unicodeScalars.contains("\u{FFFD}"))
    }

    func testHundredThousandLinesParseQuickly() {
        var text = ""
        for index in 0..<100_000 {
            text += index % 10 == 0 ? "\r\n" : "https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9Gc\(index)\r\n"
        }
        let data = Data(text.utf8)
        let start = Date()
        let lines = LinksFileParser.parse(data)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(lines.count, 90_000)
        XCTAssertEqual(lines.last?.lineNumber, 100_000)
        #if DEBUG
        XCTAssertLessThan(elapsed, 3.0, "debug build; release is several times faster")
        #else
        XCTAssertLessThan(elapsed, 0.5)
        #endif
    }

    func testDocumentClassifiesEachLineInOrder() {
        let entries = LinksDocument.make(from: Data("https://a.example/cat.jpg\n\nhello\nftp://b.example/x.png\n".utf8))
        XCTAssertEqual(entries.map(\.lineNumber), [1, 3, 4])
        XCTAssertEqual(entries.map(\.id), [1, 3, 4])
        XCTAssertEqual(entries[0].classification.address?.text, "https://a.example/cat.jpg")
        if case .link(_, let guess) = entries[0].classification { XCTAssertEqual(guess, .image) }
        XCTAssertEqual(entries[1].classification, .invalid(reason: .notAURL))
        XCTAssertEqual(entries[2].classification, .invalid(reason: .unsupportedScheme("ftp")))
        XCTAssertEqual(entries[1].text, "hello")
    }
}
