import XCTest

/// A test case with a fresh folder of generated pictures (`PictureFolder`) for each test, removed
/// after it: the viewer tests open windows over real files.
class ImageFolderTestCase: XCTestCase {
    var images: PictureFolder!

    override func setUp() {
        super.setUp()
        images = try! PictureFolder()
    }

    override func tearDown() {
        images.remove()
        super.tearDown()
    }
}
