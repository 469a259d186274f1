import XCTest

/// A test case with a fresh folder of generated pictures (`TestImages`) for each test, removed
/// after it: the viewer tests open windows over real files.
class ImageFolderTestCase: XCTestCase {
    var images: TestImages!

    override func setUp() {
        super.setUp()
        images = try! TestImages()
    }

    override func tearDown() {
        images.remove()
        super.tearDown()
    }
}
