import Foundation
import GalleryCore
@testable import GalleryUI
import XCTest

final class SaveImageNameTests: XCTestCase {
    private let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    private let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])

    func testAddsTheExtensionTheBytesCallForWhenTheNameHasNone() {
        let webp = Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
        XCTAssertEqual(SavedFileName.suggested(title: "images", file: OriginalFile(data: png, format: nil)), "images.png")
        XCTAssertEqual(SavedFileName.suggested(title: "encrypted-tbn0.gstatic.com", file: OriginalFile(data: jpeg, format: nil)),
                       "encrypted-tbn0.gstatic.com.jpg", "a host's .com is not a file type")
        XCTAssertEqual(SavedFileName.suggested(title: "photo", file: OriginalFile(data: webp, format: nil)), "photo.webp")
        XCTAssertEqual(SavedFileName.suggested(title: "drawing", file: OriginalFile(data: svg, format: nil)), "drawing.svg")
        XCTAssertEqual(SavedFileName.suggested(title: "holiday.jpeg", file: OriginalFile(data: jpeg, format: nil)), "holiday.jpeg")
        XCTAssertEqual(SavedFileName.suggested(title: "notes", file: OriginalFile(data: Data("hello".utf8), format: nil)), "notes")
    }

    func testAnImageExtensionThatLiesAboutTheFormatIsReplaced() {
        XCTAssertEqual(SavedFileName.suggested(title: "holiday.jpeg", file: OriginalFile(data: png, format: nil)), "holiday.png")
        XCTAssertEqual(SavedFileName.suggested(title: "scan.GIF", file: OriginalFile(data: jpeg, format: nil)), "scan.jpg")
    }

    /// The format its download decided names a file (issue 42: one sniff per download); its bytes
    /// are sniffed only when no download did.
    func testTheDownloadsVerdictNamesTheFile() {
        XCTAssertEqual(SavedFileName.suggested(title: "photo", file: OriginalFile(data: png, format: .jpeg)), "photo.jpg")
        XCTAssertEqual(SavedFileName.suggested(title: "photo", file: OriginalFile(data: png, format: nil)), "photo.png")
    }

    /// Names from hostile URLs: what the dialog offers is what a person reads, and a file they
    /// can find again.
    /// The turned copy's format names the file: a spelling of it stays, another extension goes.
    func testATurnedCopyIsNamedForTheFormatItIsWrittenIn() {
        XCTAssertEqual(SavedFileName.path("/home/a/photo.jpeg", withExtension: "jpg"), "/home/a/photo.jpeg")
        XCTAssertEqual(SavedFileName.path("/home/a/photo.heic", withExtension: "png"), "/home/a/photo.png")
        XCTAssertEqual(SavedFileName.path("/home/a/scan.TIFF", withExtension: "tif"), "/home/a/scan.TIFF")
        XCTAssertEqual(SavedFileName.path("/home/a/notes", withExtension: "png"), "/home/a/notes.png")
    }

    func testHostileNamesAreCleanedBeforeTheyAreOffered() {
        let cases: [(String, String)] = [
            ("invoice\u{202E}gpj.exe", "invoicegpj.exe.png"), // right-to-left override: shows as "exe.jpg"
            ("a\u{0}b.png", "ab.png"),
            ("two\nlines\r.png", "twolines.png"),
            ("\u{2066}isolated\u{2069}\u{200F}.png", "isolated.png"),
            (".bashrc", "bashrc.png"),
            ("...", "image.png"),
            ("  . hidden", "hidden.png"),
            ("../../etc/passwd", "_.._etc_passwd.png"),
            ("tab\tand  spaces\u{00A0}.png", "taband spaces .png"),
            ("\u{1}\u{7F}\u{85}", "image.png"),
        ]
        for (title, expected) in cases {
            let name = SavedFileName.suggested(title: title, file: OriginalFile(data: png, format: nil))
            XCTAssertEqual(name, expected, "from \(title.debugDescription)")
            XCTAssertFalse(name.unicodeScalars.contains { [.control, .format].contains($0.properties.generalCategory) })
        }
        let long = SavedFileName.suggested(title: String(repeating: "é", count: 400), file: OriginalFile(data: png, format: nil))
        XCTAssertLessThanOrEqual(long.utf8.count, 255, "a file system can create it")
        XCTAssertTrue(long.hasSuffix(".png"))
    }

    func testSavingOverAFileKeepsItsPermissionsAndWritesThroughASymlink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("private.png")
        try Data("old".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)

        XCTAssertNil(ViewerSaveImage.replaceContents(of: target.path, with: png))
        XCTAssertEqual(try Data(contentsOf: target), png)
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640, "an overwritten 0640 file is not made readable by others")

        let link = folder.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        XCTAssertNil(ViewerSaveImage.replaceContents(of: link.path, with: jpeg))
        XCTAssertEqual(try Data(contentsOf: target), jpeg, "the chosen name's file gets the bytes")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path,
                       "the link stays a link")
    }

    func testAFailedSaveSaysWhereAndWhy() throws {
        let missing = FileManager.default.temporaryDirectory
            .appendingPathComponent("no-such-folder-\(UUID().uuidString)/picture.png")
        let message = try XCTUnwrap(ViewerSaveImage.replaceContents(of: missing.path, with: png))
        XCTAssertTrue(message.contains("picture.png"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
    }
}
