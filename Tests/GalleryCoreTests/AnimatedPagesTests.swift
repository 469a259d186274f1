import Foundation
import GalleryTestSupport
@testable import GalleryCore
import TestRequirements
import XCTest

/// A viewer page of an animation is opened, then decoded once, frames and all (issue 52): the
/// worker counts its frames when it opens the picture, and the page's one frame request brings
/// them, let in with the pixels they take. Before, a page of any animation but a GIF was
/// decoded as a still, then asked for again for its frames. Real workers, a real HTTP server,
/// the real disk cache; the messages counted as they are sent (`WorkerTraffic`).
final class AnimatedPagesTests: XCTestCase {
    private var root: URL!
    private let screen = PixelSize(width: 1280, height: 800)

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("animated-pages-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    func testAPageOfEachAnimationIsOneOpenAndOneFrame() async throws {
        let server = try FixtureServer.shared()
        let fixtures = try AnimationFixtures()
        let files: [(String, Data)] = [("gif", try fixtures.data("animation.gif")), ("png", try fixtures.data("animation.png")),
                                       ("webp", try fixtures.data("animation.webp")), ("avif", try fixtures.avif()),
                                       ("jxl", try fixtures.jxl())]
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: root))
        for (name, data) in files {
            let url = try server.writeFile(name: "moving-\(FixtureServer.uniqueTag()).\(name)", contents: data)
            _ = try await repository.original(bytesFor: url, priority: .interactive) // downloaded first: only the page counts
            let (opens, frames) = (WorkerTraffic.messages(.open), WorkerTraffic.messages(.frame))
            let page = try await repository.original(for: url, fitting: screen, priority: .interactive)
            XCTAssertEqual(page.animation?.frames.map(\.milliseconds), AnimationFixtures.durations, "\(name): the page plays")
            XCTAssertEqual(WorkerTraffic.messages(.open) - opens, 1, "\(name): opened once, its frames counted")
            XCTAssertEqual(WorkerTraffic.messages(.frame) - frames, 1, "\(name): decoded once, frames and all")
        }

        // A photo, which never moves, is not opened first: its page is its one frame request.
        let photo = server.url("/img/4000x3000.jpg?tag=\(FixtureServer.uniqueTag())")
        _ = try await repository.original(bytesFor: photo, priority: .interactive)
        let (opens, frames) = (WorkerTraffic.messages(.open), WorkerTraffic.messages(.frame))
        let page = try await repository.original(for: photo, fitting: screen, priority: .interactive)
        XCTAssertNil(page.animation)
        XCTAssertEqual(WorkerTraffic.messages(.open) - opens, 0, "a JPEG is not opened before its page")
        XCTAssertEqual(WorkerTraffic.messages(.frame) - frames, 1)
    }

    /// An animation whose spans would hold fewer than two frames each (`AnimationExtent.spanBytes`)
    /// is its still, fitted to the screen, in that same one request: the count said so before
    /// anything was decoded.
    func testAnAnimationTooLongToKeepIsItsStillInOneRequest() async throws {
        let server = try FixtureServer.shared()
        let fixtures = try AnimationFixtures()
        var configuration = ImageRepository.Configuration()
        configuration.maxAnimationBytes = 2 * 64 * 48 * 4 // two of the three frames
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: root), configuration: configuration)
        let url = try server.writeFile(name: "long-\(FixtureServer.uniqueTag()).webp", contents: try fixtures.data("animation.webp"))
        _ = try await repository.original(bytesFor: url, priority: .interactive)
        let frames = WorkerTraffic.messages(.frame)
        let page = try await repository.original(for: url, fitting: screen, priority: .interactive)
        XCTAssertNil(page.animation)
        XCTAssertEqual([page.texture.pixelWidth, page.texture.pixelHeight], [64, 48])
        XCTAssertEqual(WorkerTraffic.messages(.frame) - frames, 1)
    }

    /// The same through `ImageDecoder.original(from:)` (the benchmarks' and tools' way in): the
    /// picture is opened and asked for its frames, and its bytes cross to the workers once.
    func testAnAnimationsBytesCrossOnce() throws {
        let webp = try AnimationFixtures().data("animation.webp")
        let (bytes, frames) = (WorkerTraffic.pictureBytes, WorkerTraffic.messages(.frame))
        let page = try ImageDecoder.original(from: webp, fitting: screen)
        XCTAssertEqual(page.animation?.frames.count, 3)
        XCTAssertEqual(WorkerTraffic.messages(.frame) - frames, 1)
        XCTAssertEqual(WorkerTraffic.pictureBytes - bytes, webp.count, "opened, then decoded from what the worker holds")
    }
}
