import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// A test with a real repository over a cache folder of its own and a real HTTP client, for
/// the shared server on 127.0.0.1.
class RepositoryTestCase: XCTestCase {
    var folder: TemporaryDirectory!
    var client: HTTPClient!
    var repository: ImageRepository!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory()
        client = HTTPClient()
        repository = ImageRepository(http: client, directories: try CacheDirectories(root: folder.url))
    }

    override func tearDown() {
        client.shutdown()
    }
}
