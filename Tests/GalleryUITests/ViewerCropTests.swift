import CGtk
import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// Crop in the viewer window, with a real worker's copy: a square aspect chosen on a turned
/// picture, saved under the suggested "(cropped)" name, is the middle square of the picture as
/// shown, its mark where the screen showed it; the original file is untouched; a page turn
/// leaves the crop.
final class ViewerCropTests: ImageFolderTestCase {
    func testASquareCropOfATurnedPictureIsItsMiddleSquareAsShown() throws {
        // 60×40, a red mark in its top-left corner; turned right it stands 40×60, the mark top right.
        let file = try images.png("mark.png", width: 60, height: 40, rgba: 0x3366_99FF, markSide: 6, markRGBA: 0xFF00_00FF)
        let second = try images.png("next.png", width: 50, height: 50)
        let folder = images.folder, original = try Data(contentsOf: file)
        let target = folder.appendingPathComponent("copies")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let suggested = MainActor.assumeIsolated { () -> String? in
            var suggested: String?
            let viewer = ViewerWindow.openForTest([FolderImageSource.link(for: file), FolderImageSource.link(for: second)],
                                                  source: FolderImageSource(folder: folder))
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.store.image(at: 0) != nil })
            viewer.activate(.rotateRight)
            viewer.activate(.crop)
            XCTAssertTrue(viewer.isCropping)
            viewer.crop?.bar.choose(.square)
            XCTAssertEqual(viewer.cropArea, CropArea(x: 0, y: 10, width: 40, height: 40), "the middle square of 40×60")
            viewer.saveCrop(chooseLocation: { name, answer in
                suggested = name
                answer(target.appendingPathComponent(name).path)
            })
            XCTAssertTrue(GtkTestEnvironment.spin { !viewer.isCropping }, "saved, the crop is left")

            viewer.activate(.crop)
            viewer.activate(.next)
            XCTAssertFalse(viewer.isCropping, "a page turn leaves the crop")
            return suggested
        }
        XCTAssertEqual(suggested, "mark (cropped).png")
        XCTAssertEqual(try Data(contentsOf: file), original, "the original untouched")
        var error: UnsafeMutablePointer<GError>?
        let saved = try XCTUnwrap(gdk_pixbuf_new_from_file(target.appendingPathComponent("mark (cropped).png").path, &error))
        defer { g_object_unref(saved.rawPointer) }
        XCTAssertEqual([gdk_pixbuf_get_width(saved), gdk_pixbuf_get_height(saved)], [40, 40])
        let pixels = gdk_pixbuf_read_pixels(saved)!, stride = Int(gdk_pixbuf_get_rowstride(saved))
        let channels = Int(gdk_pixbuf_get_n_channels(saved))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<3).map { pixels[y * stride + x * channels + $0] } }
        // The mark, top right of the turned picture (x 34…39, y 0…5), is above the square (y from 10).
        XCTAssertEqual(pixel(37, 0), [0x33, 0x66, 0x99], "the square starts below the mark")
        XCTAssertEqual(pixel(20, 20), [0x33, 0x66, 0x99])
    }
}
