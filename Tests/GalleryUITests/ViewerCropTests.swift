import CGtk
import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

/// Crop in the viewer window, with a real worker's copy: a square aspect chosen on a turned
/// picture, saved under the suggested "(cropped)" name, is the middle square of the picture as
/// shown, every pixel as Pillow turns and crops the same file (a picture whose every pixel
/// differs, so a square one row or column off fails); the original file is untouched; a page
/// turn leaves the crop.
final class ViewerCropTests: ImageFolderTestCase {
    func testASquareCropOfATurnedPictureIsItsMiddleSquareAsShown() throws {
        // 60×40, every pixel its own colour; turned right it stands 40×60.
        let file = images.folder.appendingPathComponent("mark.png")
        try pillow(["make", file.path])
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
        // Pillow turns the same file right (ROTATE_270: a quarter clockwise) and crops rows 10…49.
        XCTAssertNoThrow(try pillow(["compare", file.path, target.appendingPathComponent("mark (cropped).png").path]),
                         "the copy is the square Pillow cuts from the turned picture, pixel for pixel")
    }

    /// Pillow makes the picture (`make`), or compares a copy with its own turn and crop of it
    /// (`compare`: fails, saying how many pixels differ, unless every one is the same).
    private func pillow(_ arguments: [String]) throws {
        let script = """
        import sys
        from PIL import Image
        if sys.argv[1] == "make":
            image = Image.new("RGB", (60, 40))
            image.putdata([(x * 4, y * 6, (x * 7 + y * 3) % 256) for y in range(40) for x in range(60)])
            image.save(sys.argv[2])
        else:
            expected = Image.open(sys.argv[2]).convert("RGB").transpose(Image.ROTATE_270).crop((0, 10, 40, 50))
            saved = Image.open(sys.argv[3]).convert("RGB")
            differ = sum(1 for a, b in zip(expected.getdata(), saved.getdata()) if a != b)
            if saved.size != expected.size or differ:
                sys.exit(f"{saved.size} against {expected.size}, {differ} pixels differ")
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PillowSaid(text: said) }
    }

    private struct PillowSaid: Error {
        let text: String
    }
}
