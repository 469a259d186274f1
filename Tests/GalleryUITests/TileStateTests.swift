import GalleryCore
@testable import GalleryUI
import XCTest

/// How a failed tile looks: a picture that may come back by itself (no connection, its host
/// paused for not answering) is "not loaded", greyed; one the server or the file refused is an
/// error.
final class TileStateTests: XCTestCase {
    func testAPausedHostsTilesLookNotLoadedRatherThanBroken() {
        XCTAssertTrue(TileState.failed(.hostPaused(host: "example.com")).isOffline)
        XCTAssertTrue(TileState.failed(.noConnection).isOffline)
        XCTAssertFalse(TileState.failed(.serverError(status: 502)).isOffline)
        XCTAssertFalse(TileState.failed(.localAddressRefused).isOffline, "no retry helps: it says why in red")
    }
}
