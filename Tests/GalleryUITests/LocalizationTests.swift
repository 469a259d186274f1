import XCTest
@testable import GalleryUI

/// Values reach sentences only through positional placeholders, which a translation may
/// reorder; what a value says is never read as a placeholder.
final class LocalizationTests: XCTestCase {
    func testPlaceholdersAreFilledByNumberInTheTranslationsOrder() {
        XCTAssertEqual(L10n.substitute("%1$s — %2$s / %3$s", ["cat.jpg", "2", "5"]), "cat.jpg — 2 / 5")
        XCTAssertEqual(L10n.substitute("%3$s: %2$s of %1$s", ["a", "b", "c"]), "c: b of a", "a translation may reorder")
        XCTAssertEqual(L10n.substitute("%1$s and %1$s", ["x"]), "x and x")
    }

    func testPercentSignsAndArgumentsThatLookLikePlaceholdersStayAsTheyAre() {
        XCTAssertEqual(L10n.substitute("Downloading: %1$s %%", ["40"]), "Downloading: 40 %")
        XCTAssertEqual(L10n.substitute("Saved to %1$s (%2$s)", ["/tmp/%2$s.png", "ok"]), "Saved to /tmp/%2$s.png (ok)",
                       "an argument is not read again")
        XCTAssertEqual(L10n.substitute("100 %", []), "100 %")
        XCTAssertEqual(L10n.substitute("%3$s missing", ["a"]), "%3$s missing", "no argument: left visible, not dropped")
    }

    func testTheViewerTitleCarriesThePositionAsNOfM() {
        XCTAssertEqual(L10n.format("%1$s — %2$s / %3$s", "photo.jpg", "3", "14"), "photo.jpg — 3 / 14")
    }
}
