import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// What a tile says in each state, to a screen reader and in its tooltip: no server, no display.
final class GridItemTests: XCTestCase {
    @MainActor
    private static func item(_ line: String) -> GridItem {
        let entry = LinksDocument.make(from: Data(line.utf8))[0]
        return GridItem(entry: entry, index: 0)
    }

    func testEachStateHasItsAccessibleName() {
        MainActor.assumeIsolated {
            let link = "https://pictures.example.invalid/cat.png"
            let item = Self.item(link)
            XCTAssertEqual(item.state, .idle)
            XCTAssertEqual(item.accessibleName, "Image \(link) (loading)")
            item.update(.loading)
            XCTAssertEqual(item.accessibleName, "Image \(link) (loading)")
            item.update(.loaded, image: FakeThumbnailSource.image())
            XCTAssertEqual(item.accessibleName, "Image \(link)")
            item.update(.failed(.serverError(status: 404)))
            XCTAssertEqual(item.accessibleName, "Image \(link) (Not found (404))")
            item.update(.failed(.noConnection))
            XCTAssertEqual(item.accessibleName, "Image \(link) (Not loaded)")

            XCTAssertEqual(Self.item("not a link at all").accessibleName, "Invalid entry: line 1, not a link at all")
            let page = "https://pictures.example.invalid/about.html"
            XCTAssertEqual(Self.item(page).state, .notImage, "an .html link is never fetched")
            XCTAssertEqual(Self.item(page).accessibleName, "Not an image: line 1, \(page)")
        }
    }

    func testTheThumbnailIsKeptOnlyWhileLoadedAndEveryChangeIsToldOnce() {
        MainActor.assumeIsolated {
            let item = Self.item("https://pictures.example.invalid/cat.png")
            var told: [TileState] = []
            item.onChange = { _, old in told.append(old) }
            item.update(.loading)
            item.update(.loaded, image: FakeThumbnailSource.image())
            XCTAssertNotNil(item.image)
            item.update(.loaded, image: FakeThumbnailSource.image()) // no change: not told
            item.update(.idle)
            XCTAssertNil(item.image, "let go with the state")
            XCTAssertEqual(told, [.idle, .loading, .loaded])
        }
    }

    func testAFailedTilesTooltipSaysWhyAboveTheLine() {
        MainActor.assumeIsolated {
            let link = "https://pictures.example.invalid/cat.png"
            let item = Self.item(link)
            // The line, then the server that is actually fetched (a line may only look like another).
            let line = "\(link)\nServer: pictures.example.invalid"
            XCTAssertEqual(item.tooltipText, line)
            item.update(.failed(.timedOut))
            XCTAssertEqual(item.tooltipText, "\(ErrorMessages.explanation(for: .timedOut))\n\(line)")
            XCTAssertTrue(item.tooltipText.hasPrefix("The server took too long to answer."))
        }
    }
}
