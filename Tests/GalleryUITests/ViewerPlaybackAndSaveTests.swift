import CGtk
import Foundation
import GObjectSupport
import GalleryCore
import GalleryTestSupport
@testable import GalleryUI
import TestRequirements
import XCTest

/// The viewer over the app's real `ImageRepository`, fetching from the fixture server: animated
/// GIFs play, "Save Image As…" writes the downloaded bytes, key paging slides.
final class ViewerPlaybackAndSaveTests: XCTestCase {
    private var cacheRoot: URL!
    private var server: FixtureServer!

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: cacheRoot)
    }

    private func makeRepository() throws -> ImageRepository {
        ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: cacheRoot))
    }

    /// Red 100 ms, green 100 ms, blue 100 ms, forever.
    private func animatedGIF() throws -> Data {
        let file = cacheRoot.appendingPathComponent("frames.gif")
        try FileManager.default.createDirectory(at: cacheRoot, withIntermediateDirectories: true)
        let script = """
        import sys
        from PIL import Image
        frames = [Image.new("RGB", (60, 40), c) for c in [(255, 0, 0), (0, 255, 0), (0, 0, 255)]]
        frames[0].save(sys.argv[1], format="GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
        """
        return try PillowScript.picture(script, writing: file)
    }

    func testAnimatedGIFAdvancesThroughItsFramesAndLoops() throws {
        let url = try server.writeFile(name: "anim-\(FixtureServer.uniqueTag()).gif", contents: try animatedGIF())
        let repository = try makeRepository()
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([url], at: 0, source: repository)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            let first = viewer.canvas.texture
            var seen: [ObjectIdentifier] = []
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 3) {
                if let texture = viewer.canvas.texture, seen.last != ObjectIdentifier(texture) {
                    seen.append(ObjectIdentifier(texture))
                }
                return seen.count >= 5
            }, "frames change over time: \(seen.count)")
            XCTAssertEqual(Set(seen).count, 3, "three distinct frames, then the first again")
            XCTAssertEqual(seen[3], ObjectIdentifier(first!), "it loops")
            XCTAssertEqual(viewer.canvas.zoom?.imageSize.width, 60, "frames keep the page geometry")

            XCTAssertTrue(viewer.canvas.player?.isPlaying == true)
            viewer.closeForTest()
            XCTAssertNil(viewer.canvas.player, "closing the window stops the timer")
        }
    }

    func testSaveImageAsWritesTheDownloadedOriginal() throws {
        let original = try animatedGIF()
        // No extension in the link, as with most real links: the name gets one from the bytes.
        let name = "shot-\(FixtureServer.uniqueTag())"
        let url = try server.writeFile(name: name, contents: original)
        let target = cacheRoot.appendingPathComponent("saved/picture.gif")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let repository = try makeRepository()
        try MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([url], at: 0, source: repository)
            defer { viewer.closeForTest() }
            var suggested: String?
            viewer.saveImageAs { suggestedName, answer in
                suggested = suggestedName
                answer(target.path)
            }
            XCTAssertTrue(GtkTestEnvironment.spin { FileManager.default.fileExists(atPath: target.path) })
            XCTAssertEqual(suggested, name + ".gif")
            XCTAssertEqual(try Data(contentsOf: target), original, "the original bytes, not a re-encoding")
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.status.bannerText == "Saved to \(target.path)" },
                          viewer.status.bannerText ?? "no banner")
            XCTAssertNil(viewer.saveDialog, "released when done")
        }
    }

    func testCancellingTheLocationWritesNothing() throws {
        let url = server.url("/img/64x48.png?tag=\(FixtureServer.uniqueTag())")
        let repository = try makeRepository()
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([url], at: 0, source: repository)
            defer { viewer.closeForTest() }
            var asked = false
            viewer.saveImageAs { _, answer in
                asked = true
                answer(nil)
            }
            XCTAssertTrue(GtkTestEnvironment.spin { asked && viewer.saveDialog == nil })
            XCTAssertNil(viewer.status.bannerText)
        }
    }

    func testNextByKeySlidesTheNewImageIn() throws {
        let urls = (1...3).map { server.url("/img/\(300 + $0 * 10)x200.png?tag=\(FixtureServer.uniqueTag())") }
        let repository = try makeRepository()
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest(urls, at: 0, source: repository)
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin {
                viewer.store.decodedIndices.isSuperset(of: [0, 1]) && viewer.canvas.viewportSize.width > 0
            })
            viewer.activate(.next)
            XCTAssertTrue(viewer.titleText.contains("2 / 3"), "the page turns at once")
            let start = viewer.canvas.slideOffset
            XCTAssertEqual(start, viewer.canvas.viewportSize.width + ViewerCanvas.pageGap, accuracy: 0.5,
                           "the new image starts one page to the right")
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 2) { viewer.canvas.slideOffset == 0 }, "and slides into place")

            viewer.activate(.previous)
            XCTAssertLessThan(viewer.canvas.slideOffset, 0, "going back, it comes from the left")
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 2) { viewer.canvas.slideOffset == 0 })
        }
    }
}
