import Foundation
import XCTest
@testable import GalleryCore

final class CacheDirectoriesTests: XCTestCase {
    private func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testXDGCacheHomeIsUsedAndFoldersArePrivate() throws {
        let folder = try TemporaryDirectory()
        let xdg = folder.url.appendingPathComponent("xdg-cache")
        let directories = try CacheDirectories(environment: ["XDG_CACHE_HOME": xdg.path, "HOME": "/nonexistent"])
        XCTAssertEqual(directories.root.path, xdg.path + "/io.github.linkgallery.LinkGallery")
        for url in [directories.root, directories.links, directories.thumbnails, directories.originals] {
            var isDirectory: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
            XCTAssertEqual(try mode(url), 0o700, url.path)
        }
        XCTAssertEqual(directories.thumbnails.lastPathComponent, "thumbnails")
        XCTAssertEqual(directories.originals.lastPathComponent, "originals")
        XCTAssertEqual(directories.links.lastPathComponent, "links")
        XCTAssertEqual(try CacheDirectories(environment: ["XDG_CACHE_HOME": xdg.path]), directories, "idempotent")
    }

    func testFallsBackToHomeDotCacheWhenUnsetOrRelative() throws {
        let folder = try TemporaryDirectory()
        let expected = folder.url.path + "/.cache/io.github.linkgallery.LinkGallery"
        XCTAssertEqual(try CacheDirectories(environment: ["HOME": folder.url.path]).root.path, expected)
        XCTAssertEqual(try CacheDirectories(environment: ["HOME": folder.url.path, "XDG_CACHE_HOME": "relative/cache"]).root.path,
                       expected, "the XDG spec says relative paths are invalid and must be ignored")
        XCTAssertEqual(try CacheDirectories(environment: ["HOME": folder.url.path, "XDG_CACHE_HOME": ""]).root.path, expected)
    }

    func testRootUnderAFileThrows() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("file")
        try Data().write(to: file)
        XCTAssertThrowsError(try CacheDirectories(root: file.appendingPathComponent("app")))
    }
}
