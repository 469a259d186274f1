@testable import GalleryUI
import XCTest

final class PageSwipeTests: XCTestCase {
    private let width = 1000.0
    private func step(_ offset: Double, _ velocity: Double, pages: Set<Int> = [-1, 1]) -> Int {
        PageSwipe.step(offset: offset, velocity: velocity, width: width) { pages.contains($0) }
    }

    func testPastAFifthOfTheWidthTurnsThePageEvenSlowly() {
        XCTAssertEqual(step(-201, 0), 1)
        XCTAssertEqual(step(201, 0), -1)
        XCTAssertEqual(step(-199, 0), 0)
        XCTAssertEqual(step(150, -100), 0)
    }

    func testAFastShortFlickTurnsThePage() {
        XCTAssertEqual(step(-40, -PageSwipe.flickVelocity), 1)
        XCTAssertEqual(step(30, 1500), -1)
    }

    func testAFlickBackAgainstTheSlideCancelsIt() {
        XCTAssertEqual(step(-400, 900), 0)
        XCTAssertEqual(step(400, -900), 0)
    }

    func testNoPageThereNoTurn() {
        XCTAssertEqual(step(-600, -2000, pages: [-1]), 0)
        XCTAssertEqual(step(600, 2000, pages: [1]), 0)
    }

    func testTheEndsResist() {
        XCTAssertEqual(PageSwipe.resisted(-300) { $0 == -1 }, -100)
        XCTAssertEqual(PageSwipe.resisted(300) { $0 == 1 }, 100)
        XCTAssertEqual(PageSwipe.resisted(-300) { _ in true }, -300)
    }
}
