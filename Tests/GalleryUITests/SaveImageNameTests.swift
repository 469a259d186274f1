import Foundation
@testable import GalleryUI
import XCTest

final class SaveImageNameTests: XCTestCase {
    func testAddsTheExtensionTheBytesCallForWhenTheNameHasNone() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])
        let webp = Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        XCTAssertEqual(ViewerSaveImage.suggestedFileName(title: "images", data: png), "images.png")
        XCTAssertEqual(ViewerSaveImage.suggestedFileName(title: "encrypted-tbn0.gstatic.com", data: jpeg),
                       "encrypted-tbn0.gstatic.com.jpg", "a host's .com is not a file type")
        XCTAssertEqual(ViewerSaveImage.suggestedFileName(title: "photo", data: webp), "photo.webp")
        XCTAssertEqual(ViewerSaveImage.suggestedFileName(title: "holiday.jpeg", data: png), "holiday.jpeg")
        XCTAssertEqual(ViewerSaveImage.suggestedFileName(title: "notes", data: Data("hello".utf8)), "notes")
    }
}
