@testable import GalleryUI
import XCTest

/// The crop frame's geometry: handles, drags that stay inside the picture and above the
/// smallest size, and aspects kept while dragging.
final class CropModelTests: XCTestCase {
    private typealias Rect = CropModel.Rect

    func testItStartsWithTheWholePictureAndFindsItsHandles() {
        let model = CropModel(width: 400, height: 300)
        XCTAssertEqual(model.rect, Rect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertTrue(model.isWhole)
        XCTAssertEqual(model.handle(at: (2, 3), tolerance: 10), .topLeft)
        XCTAssertEqual(model.handle(at: (398, 297), tolerance: 10), .bottomRight)
        XCTAssertEqual(model.handle(at: (200, 5), tolerance: 10), .top)
        XCTAssertEqual(model.handle(at: (405, 150), tolerance: 10), .right)
        XCTAssertEqual(model.handle(at: (200, 150), tolerance: 10), .inside)
        XCTAssertNil(model.handle(at: (450, 150), tolerance: 10))
    }

    func testDragsStayInsideThePictureAndAboveTheSmallestSize() {
        var model = CropModel(width: 400, height: 300)
        model.drag(.bottomRight, from: model.rect, dx: -300, dy: -200)
        XCTAssertEqual(model.rect, Rect(x: 0, y: 0, width: 100, height: 100))
        model.drag(.inside, from: model.rect, dx: 1000, dy: 50)
        XCTAssertEqual(model.rect, Rect(x: 300, y: 50, width: 100, height: 100), "moved to the right edge, not past it")
        model.drag(.left, from: model.rect, dx: 500, dy: 0)
        XCTAssertEqual(model.rect.width, CropModel.minimumSide, "never narrower than the smallest side")
        XCTAssertEqual(model.rect.right, 400)
        model.drag(.topLeft, from: model.rect, dx: -1000, dy: -1000)
        XCTAssertEqual(model.rect, Rect(x: 0, y: 0, width: 400, height: 150))
        XCTAssertEqual(model.pixels.width, 400)
    }

    func testAnAspectIsTheLargestFrameOfItsShapeAndDragsKeepIt() {
        var model = CropModel(width: 400, height: 300)
        model.setAspect(.square)
        XCTAssertEqual(model.rect, Rect(x: 50, y: 0, width: 300, height: 300))
        model.drag(.bottomRight, from: model.rect, dx: -100, dy: -20)
        XCTAssertEqual(model.rect.width, model.rect.height, accuracy: 1e-9)
        XCTAssertEqual(model.rect.width, 200, accuracy: 1e-9, "the side moved most leads")
        XCTAssertEqual(model.rect.x, 50, "the opposite corner stays")
        model.drag(.right, from: model.rect, dx: 500, dy: 0)
        XCTAssertEqual(model.rect.width, model.rect.height, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(model.rect.right, 400 + 1e-9)
        XCTAssertLessThanOrEqual(model.rect.bottom, 300 + 1e-9, "the other side follows within the picture")

        var portrait = CropModel(width: 300, height: 400)
        portrait.setAspect(.sixteenNine)
        XCTAssertEqual(portrait.rect.width / portrait.rect.height, 9.0 / 16, accuracy: 1e-9, "a portrait picture's 16:9 stands")
        portrait.setAspect(.original)
        XCTAssertEqual(portrait.rect.width / portrait.rect.height, 3.0 / 4, accuracy: 1e-9)
        portrait.setAspect(.free)
        portrait.drag(.bottom, from: portrait.rect, dx: 0, dy: 10)
        XCTAssertNotEqual(portrait.rect.width / portrait.rect.height, 3.0 / 4, "free again")
    }
}
