@testable import GalleryUI
import XCTest

/// The thumbnail sizes a person steps through, and the pixels each needs on every display.
final class ThumbnailSizeTests: XCTestCase {
    func testStepsStayWithinTheChoices() {
        XCTAssertEqual(ThumbnailSize.step(from: 100, by: 1), 128)
        XCTAssertEqual(ThumbnailSize.step(from: 128, by: 2), 256)
        XCTAssertEqual(ThumbnailSize.step(from: 256, by: 1), 256, "the largest stays the largest")
        XCTAssertEqual(ThumbnailSize.step(from: 100, by: -1), 100)
        XCTAssertEqual(ThumbnailSize.step(from: 192, by: -3), 100)
    }

    func testAStoredSizeThatIsNoChoiceIsTheDefault() {
        XCTAssertEqual(ThumbnailSize.valid(150), ThumbnailSize.defaultCellSide)
        XCTAssertEqual(ThumbnailSize.valid(-3), ThumbnailSize.defaultCellSide)
        XCTAssertEqual(ThumbnailSize.valid(192), 192)
        XCTAssertEqual(ThumbnailSize.step(from: 150, by: 1), 128, "an odd stored value steps from the default")
    }

    /// Cells grow up to a fifth wider than their narrowest: the thumbnail covers that, at the
    /// display's scale, so HiDPI stays sharp; the smallest is the app's usual 126 px.
    func testThumbnailsCoverTheWidestCellAtTheDisplaysScale() {
        XCTAssertEqual(ThumbnailSize.thumbnailSide(forCell: 100, scale: 1), 126)
        for side in ThumbnailSize.cellSides {
            for scale in 1...3 {
                let pixels = ThumbnailSize.thumbnailSide(forCell: side, scale: scale)
                XCTAssertGreaterThanOrEqual(pixels, side * 6 / 5 * scale, "\(side) px cells at scale \(scale)")
                XCTAssertLessThanOrEqual(pixels, 1024)
            }
        }
        XCTAssertEqual(ThumbnailSize.thumbnailSide(forCell: 256, scale: 2), 646)
    }
}
