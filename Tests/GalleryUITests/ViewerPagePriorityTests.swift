import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// A page's load carries its priority as it is now: turning to a neighbour that is still
/// loading raises that load (its download and decode follow) instead of asking a second time,
/// and the page left falls back to a neighbour's priority while it finishes.
final class ViewerPagePriorityTests: ImageFolderTestCase {
    func testANeighbourTurnedToWhileItLoadsIsTheSameLoadRaised() {
        let images = images!
        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let urls = (1...5).map { FolderImageSource.link(for: try! images.png("page-\($0).png", width: 64, height: 48)) }
            let source = FolderImageSource(folder: images.folder)
            let store = ViewerPageStore(items: urls.map { ViewerItem(url: $0) }, source: source)
            defer { store.cancelAll() }
            store.update(for: PagingModel(count: urls.count, index: 2))
            XCTAssertTrue(GtkTestEnvironment.spin { store.decodedIndices == [2] })
            source.setDelay(.seconds(60)) // the neighbours take their time
            store.currentPageShown(2)
            XCTAssertEqual(store.loadingIndices, [0, 1, 3, 4])
            XCTAssertTrue(GtkTestEnvironment.spin { source.requests.count == 5 })
            XCTAssertEqual(source.currentPriorities(of: urls[3]), [.prefetch])

            store.update(for: PagingModel(count: urls.count, index: 3)) // the person turns to page 4
            XCTAssertEqual(source.currentPriorities(of: urls[3]), [.interactive], "raised, and asked for once")
            XCTAssertEqual(source.currentPriorities(of: urls[4]), [.prefetch])
            XCTAssertTrue(store.loadingIndices.contains(3))

            store.update(for: PagingModel(count: urls.count, index: 4)) // and on to page 5
            XCTAssertEqual(source.currentPriorities(of: urls[3]), [.prefetch], "the page left waits behind the one shown")
            XCTAssertEqual(source.currentPriorities(of: urls[4]), [.interactive])
            XCTAssertEqual(source.requests.count, 5, "no page was asked for twice")
        }
    }
}
