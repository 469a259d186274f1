import CGtk
import Foundation
import GObjectSupport
import GalleryCore
import GalleryTestSupport
@testable import GalleryUI
import TestRequirements
import XCTest

/// A page whose original downloads slowly, on real GTK against a server on 127.0.0.1 that
/// sends at a set rate: the thumbnail at once, then the rows as they arrive, the progress in
/// numbers and words, and the original in the same place.
final class ViewerArrivalTests: XCTestCase {
    private var server: FixtureServer!
    private var cacheRoot: URL!
    private var clients: [HTTPClient] = []

    override func setUpWithError() throws {
        server = try FixtureServer()
        cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("arrival-\(UUID().uuidString)")
    }

    override func tearDown() {
        clients.forEach { $0.shutdown() }
        server.stop()
        try? FileManager.default.removeItem(at: cacheRoot)
        super.tearDown()
    }

    /// A camera-like photo (noise over a gradient, written by PIL) of about `megabytes`.
    private func photo(named name: String, width: Int = 3000, height: Int = 2000) throws -> (url: URL, size: Int) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
        import sys
        from PIL import Image
        width, height = int(sys.argv[2]), int(sys.argv[3])
        image = Image.blend(Image.linear_gradient("L").resize((width, height)).convert("RGB"),
                            Image.new("RGB", (width, height), (200, 90, 40)), 0.5)
        image = Image.blend(image, Image.effect_noise((width, height), 48).convert("RGB"), 0.3)
        image.save(sys.argv[1], "JPEG", quality=90)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path, String(width), String(height)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestRequirement.missing("needs /usr/bin/python3 with PIL") }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try server.writeFile(name: name, contents: bytes)
        return (server.url("/\(name)"), bytes.count)
    }

    private func repository() throws -> ImageRepository {
        let client = HTTPClient()
        clients.append(client)
        return ImageRepository(http: client, directories: try CacheDirectories(root: cacheRoot))
    }

    /// From now on the server sends files at `rate` bytes a second.
    private func pace(_ rate: Int) throws {
        let client = HTTPClient()
        defer { client.shutdown() }
        let done = expectation(description: "pace set")
        let url = server.url("/__pace?rate=\(rate)")
        Task {
            _ = try await client.send(HTTPRequest(url: url))
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    @MainActor
    private static func isLoading(_ viewer: ViewerWindow, page: Int = 0) -> Bool {
        if case .loading = viewer.store.state(at: page) { return true }
        return false
    }

    func testThePageShowsItsThumbnailAtOnceThenTheRowsAsTheyArriveThenTheOriginalInItsPlace() throws {
        let photo = try photo(named: "slow.jpg")
        // A first run made the thumbnail; the original was evicted since (a large collection).
        let first = try repository()
        let made = expectation(description: "thumbnail made")
        Task { _ = try await first.thumbnail(for: photo.url, priority: .visible); made.fulfill() }
        wait(for: [made], timeout: 30)
        let originals = try CacheDirectories(root: cacheRoot).originals
        for file in try FileManager.default.contentsOfDirectory(at: originals, includingPropertiesForKeys: nil) {
            try FileManager.default.removeItem(at: file)
        }
        try pace(photo.size / 5)
        let source = try repository()
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([photo.url], source: source)
            defer { viewer.closeForTest() }
            // The frames the window paints, and whether the picture was in each.
            var frames: [Bool] = []
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { gtk_widget_get_frame_clock(viewer.canvas.widget) != nil })
            if let clock = gtk_widget_get_frame_clock(viewer.canvas.widget) {
                Signal.connect(clock, .afterPaint) { frames.append(viewer.canvas.texture != nil) }
            }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { viewer.canvas.texture != nil }, "something shown")
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { frames.contains(true) })
            XCTAssertLessThanOrEqual(frames.firstIndex(of: true) ?? 99, 1, "in the window's first frames: \(frames)")
            let received = source.downloadProgress(for: photo.url)?.receivedBytes ?? 0
            XCTAssertTrue(Self.isLoading(viewer), "the original is still on its way")
            XCTAssertLessThan(received, photo.size / 2, "shown long before the original")
            let preview = viewer.canvas.texture
            XCTAssertEqual(preview?.pixelHeight, ImageRepository.Configuration().thumbnailSide, "the thumbnail")
            XCTAssertEqual(viewer.canvas.zoom?.imageSize, ZoomModel.Size(width: 3000, height: 2000),
                           "laid out as the original")
            XCTAssertFalse(viewer.status.isShowingSpinner, "no spinner over a picture")

            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { viewer.status.progress.isShown }, "progress shown")
            XCTAssertGreaterThan(viewer.status.progress.fraction, 0)
            XCTAssertLessThan(viewer.status.progress.fraction, 1)
            XCTAssertTrue(viewer.status.progress.text.hasSuffix("MB"), viewer.status.progress.text) // GLib puts a no-break space before the unit
            XCTAssertTrue(viewer.status.progress.text.contains(" of "), viewer.status.progress.text)

            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { viewer.canvas.underlay != nil }, "rows drawn over it")
            XCTAssertTrue(viewer.canvas.underlay === preview, "the thumbnail beneath the rows not yet here")
            XCTAssertGreaterThan(viewer.canvas.texture?.pixelWidth ?? 0, 500, "the rows at the page's size")
            XCTAssertTrue(Self.isLoading(viewer))
            let geometry = viewer.canvas.zoom // laid out in the window by now

            var fullBarWhileIncomplete = false, largest = 0.0
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 30) {
                if viewer.status.progress.isShown, viewer.status.progress.fraction >= 1,
                   let progress = source.downloadProgress(for: photo.url), progress.receivedBytes < photo.size {
                    fullBarWhileIncomplete = true
                }
                largest = max(largest, viewer.status.progress.fraction)
                return !Self.isLoading(viewer)
            }, "the original arrived")
            XCTAssertFalse(fullBarWhileIncomplete, "100 % only once every byte is in")
            XCTAssertGreaterThan(largest, 0.5)
            guard case .loaded(let original) = viewer.store.state(at: 0) else { return XCTFail("not loaded") }
            XCTAssertTrue(viewer.canvas.texture === original.texture)
            XCTAssertNil(viewer.canvas.underlay)
            XCTAssertFalse(viewer.status.progress.isShown)
            XCTAssertEqual(viewer.canvas.zoom, geometry, "no jump in size or position")
        }
    }

    func testAServerThatStopsSendingIsSaidToBeWaitedFor() throws {
        let photo = try photo(named: "stalls.jpg", width: 2000, height: 1500)
        let url = server.url("/fault/paced/100000/stalls.jpg?stall-after=40000")
        let source = try repository()
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([url], source: source)
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 5) { viewer.status.progress.isShown })
            XCTAssertTrue(viewer.status.progress.text.contains(" of "), viewer.status.progress.text)
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) {
                viewer.status.progress.text == L10n.tr("Waiting for the server…")
            }, "said to wait: \(viewer.status.progress.text)")
            XCTAssertEqual(viewer.status.progress.fraction, 40000 / Double(photo.size), accuracy: 1e-6, "where it stopped")
            XCTAssertNotNil(viewer.canvas.texture, "the rows that did arrive are shown")
            XCTAssertTrue(Self.isLoading(viewer))
        }
    }

    func testAPageTurnedAwayFromStopsDrawingItsRows() throws {
        let first = try photo(named: "first.jpg"), second = try photo(named: "second.jpg")
        try pace(first.size / 6)
        let source = try repository()
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([first.url, second.url], source: source)
            defer { viewer.closeForTest() }
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { viewer.store.standIns.image(at: 0) != nil }, "rows of page 1")
            viewer.activate(.next)
            XCTAssertNil(viewer.store.standIns.image(at: 0), "its rows let go")
            XCTAssertFalse(viewer.store.standIns.isDecodingPartial(0), "no decode of them runs")
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { viewer.store.standIns.image(at: 1) != nil }, "rows of page 2")
            XCTAssertTrue(viewer.canvas.texture === viewer.store.standIns.image(at: 1)?.texture)
            XCTAssertNil(viewer.store.standIns.image(at: 0), "page 1's are not drawn meanwhile")
        }
    }
}
