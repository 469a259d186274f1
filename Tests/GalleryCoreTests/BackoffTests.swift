@testable import GalleryCore
import XCTest

final class BackoffTests: XCTestCase {
    func testDelaysDoubleUpToTheCap() {
        let backoff = Backoff()
        XCTAssertEqual((0..<7).map { backoff.delay(forAttempt: $0) }, [1, 2, 4, 8, 15, 15, 15])
        XCTAssertEqual(backoff.delay(forAttempt: 1000), 15, "no overflow on long outages")
    }
}
