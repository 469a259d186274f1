import CGtk
import Foundation
import GObjectSupport
import GalleryCore
@testable import GalleryUI
import TestRequirements
import XCTest

/// Print… through GtkPrintOperation's export to a PDF (the same drawing as the dialog's), the
/// page read back with poppler's pdftoppm: the sheet turned to fit the picture, the picture
/// fitted and centred, its marked corner where it is on screen, turned as shown.
final class ViewerPrintTests: ImageFolderTestCase {
    func testThePrintedPageHoldsThePictureFittedTurnedAsShown() throws {
        let file = try images.png("print.png", width: 400, height: 300, rgba: 0x3366_99FF, markSide: 40, markRGBA: 0xFF00_00FF)
        let url = FolderImageSource.link(for: file), folder = images.folder
        let output = images.folder.appendingPathComponent("printed.pdf").path
        let landscape = try printed(url, folder: folder, to: output, rotate: false)
        XCTAssertGreaterThan(landscape.width, landscape.height, "a wide picture prints on a landscape sheet")
        let box = landscape.pictureBox
        XCTAssertEqual(Double(box.width) / Double(box.height), 4.0 / 3.0, accuracy: 0.03, "its shape kept")
        XCTAssertGreaterThan(Double(box.width) / Double(landscape.width), 0.8, "it fills the printable width")
        XCTAssertTrue(landscape.isRed(box.x + 5, box.y + 5), "the mark at its top left")
        XCTAssertFalse(landscape.isRed(box.x + box.width - 5, box.y + 5))

        let turned = try printed(url, folder: folder, to: output, rotate: true)
        XCTAssertGreaterThan(turned.height, turned.width, "turned right, it prints on a portrait sheet")
        let turnedBox = turned.pictureBox
        XCTAssertEqual(Double(turnedBox.height) / Double(turnedBox.width), 4.0 / 3.0, accuracy: 0.03)
        XCTAssertTrue(turned.isRed(turnedBox.x + turnedBox.width - 5, turnedBox.y + 5), "the mark at its top right, as shown")
    }

    private func printed(_ url: URL, folder: URL, to output: String, rotate: Bool) throws -> Page {
        try? FileManager.default.removeItem(atPath: output)
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([url], source: FolderImageSource(folder: folder))
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.store.image(at: 0) != nil })
            if rotate { viewer.activate(.rotateRight) }
            viewer.printPicture(exportTo: output)
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 20) { viewer.printJob == nil }, "the job done")
        }
        let pdftoppm = Process()
        pdftoppm.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        pdftoppm.arguments = ["-r", "40", "-png", "-singlefile", output, output]
        guard (try? pdftoppm.run()) != nil, ({ pdftoppm.waitUntilExit(); return pdftoppm.terminationStatus == 0 })() else {
            throw TestRequirement.missing("needs poppler-utils' pdftoppm to read the printed page back")
        }
        return try Page(path: output + ".png")
    }

    /// The rendered sheet: its size and the box of what is not white on it.
    private struct Page {
        let width: Int, height: Int
        private let pixels: [UInt8], stride: Int, channels: Int

        init(path: String) throws {
            var error: UnsafeMutablePointer<GError>?
            guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
                g_clear_error(&error)
                throw CocoaError(.fileReadCorruptFile)
            }
            defer { g_object_unref(pixbuf.rawPointer) }
            width = Int(gdk_pixbuf_get_width(pixbuf))
            height = Int(gdk_pixbuf_get_height(pixbuf))
            stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
            pixels = Array(UnsafeBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: stride * (height - 1) + width * channels))
        }

        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let offset = y * stride + x * channels
            return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
        }

        func isRed(_ x: Int, _ y: Int) -> Bool {
            let (red, green, blue) = rgb(x, y)
            return red > 200 && green < 60 && blue < 60
        }

        var pictureBox: (x: Int, y: Int, width: Int, height: Int) {
            var left = width, top = height, right = -1, bottom = -1
            for y in 0..<height {
                for x in 0..<width {
                    let (red, green, blue) = rgb(x, y)
                    guard red < 240 || green < 240 || blue < 240 else { continue }
                    left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
                }
            }
            return (left, top, max(0, right - left + 1), max(0, bottom - top + 1))
        }
    }
}
