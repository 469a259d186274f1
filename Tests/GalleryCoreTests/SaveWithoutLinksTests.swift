import CShims
import Foundation
import Glibc
@testable import GalleryCore
import TestRequirements
import XCTest

/// Saving to a FAT stick, which has neither unnamed files, links nor a rename that refuses to
/// replace: the picture lands under a free name, never over a file already there, whole or not
/// at all, and no temporary file is left behind (`NewFileInFolder`).
final class SaveWithoutLinksTests: XCTestCase {
    private var stick: FATImage!

    override func setUpWithError() throws {
        guard let stick = FATImage(kilobytes: 2048) else {
            throw TestRequirement.missing("needs root, mkfs.vfat (dosfstools) and fusefat; tools/test installs them")
        }
        self.stick = stick
    }

    override func tearDown() {
        stick?.remove()
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: stick.url.path).sorted()
    }

    func testASaveLandsBesideAFileOfTheSameNameNeverOverIt() throws {
        let folder = stick.url.path
        XCTAssertLessThan(shim_open_unnamed_file_mode(folder, 0o600), 0, "no unnamed files here")
        let theirs = stick.url.appendingPathComponent("photo.jpg")
        try Data("the person's own photo".utf8).write(to: theirs)
        XCTAssertNotEqual(link(theirs.path, folder + "/link"), 0, "no links here")
        XCTAssertNotEqual(shim_rename_noreplace(theirs.path, folder + "/renamed"), 0, "no rename that refuses to replace")

        let first = try NewFileInFolder.write(Data("downloaded one".utf8), named: "photo.jpg", in: stick.url)
        let second = try NewFileInFolder.write(Data("downloaded two".utf8), named: "photo.jpg", in: stick.url)

        XCTAssertEqual(first.file.lastPathComponent, "photo (2).jpg")
        XCTAssertEqual(second.file.lastPathComponent, "photo (3).jpg")
        XCTAssertEqual(try String(contentsOf: theirs, encoding: .utf8), "the person's own photo")
        XCTAssertEqual(try String(contentsOf: first.file, encoding: .utf8), "downloaded one")
        XCTAssertEqual(try String(contentsOf: second.file, encoding: .utf8), "downloaded two")
        XCTAssertEqual(try names(), ["photo (2).jpg", "photo (3).jpg", "photo.jpg"], "no temporary file left")
    }

    func testASaveThatDoesNotFitLeavesNothingAndHarmsNothing() throws {
        let theirs = stick.url.appendingPathComponent("photo.jpg")
        try Data("the person's own photo".utf8).write(to: theirs)
        // Over half the stick: it fits once, so the picture is not written twice.
        let large = Data(repeating: 0x5A, count: 1200 * 1024)
        let saved = try NewFileInFolder.write(large, named: "photo.jpg", in: stick.url)
        XCTAssertEqual(try Data(contentsOf: saved.file), large)

        XCTAssertThrowsError(try NewFileInFolder.write(large, named: "photo.jpg", in: stick.url), "no room left")

        XCTAssertEqual(try names(), ["photo (2).jpg", "photo.jpg"], "neither a part of the picture nor a temporary file")
        XCTAssertEqual(try String(contentsOf: theirs, encoding: .utf8), "the person's own photo")
        XCTAssertEqual(try Data(contentsOf: saved.file), large)
    }
}
