import GalleryCore
import XCTest

final class MiddleEllipsisTests: XCTestCase {
    func testALongLinkKeepsItsHostAndItsFile() {
        let link = "https://images.example.org/gallery/2026/holidays/IMG_4031.jpg"
        let short = MiddleEllipsis.shortened(link, maxCharacters: 32)
        XCTAssertEqual(short.count, 32)
        XCTAssertEqual(short, "https://images.…ays/IMG_4031.jpg")
    }

    func testAShortLineIsLeftAlone() {
        XCTAssertEqual(MiddleEllipsis.shortened("https://a.example/b.png", maxCharacters: 32), "https://a.example/b.png")
        XCTAssertEqual(MiddleEllipsis.shortened("", maxCharacters: 32), "")
    }

    /// Characters as a person counts them: an accented or combined letter is never split.
    func testCutsBetweenCharactersNotBytes() {
        let line = String(repeating: "é", count: 20) + String(repeating: "👍🏽", count: 20)
        let short = MiddleEllipsis.shortened(line, maxCharacters: 11)
        XCTAssertEqual(short, "ééééé…👍🏽👍🏽👍🏽👍🏽👍🏽")
        XCTAssertEqual(MiddleEllipsis.shortened(line, maxCharacters: 0).count, 3, "never shorter than a character each side")
    }
}
