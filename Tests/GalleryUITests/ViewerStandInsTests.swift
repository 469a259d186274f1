import CGtk
import Foundation
import GalleryCore
import GalleryTestSupport
@testable import GalleryUI
import XCTest

/// What stands in for a page whose original is on its way (`ViewerStandIns`), on its own, with
/// the real repository and a server on 127.0.0.1 that sends slowly: the stored thumbnail laid
/// out as the original, then the rows received over it, only for the page shown, one decode
/// at a time; turning away or the original's arrival lets them go.
final class ViewerStandInsTests: XCTestCase {
    private var server: FixtureServer!
    private var cacheRoot: URL!
    private var clients: [HTTPClient] = []

    override func setUpWithError() throws {
        server = try FixtureServer()
        cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("stand-ins-\(UUID().uuidString)")
    }

    override func tearDown() {
        clients.forEach { $0.shutdown() }
        server.stop()
        try? FileManager.default.removeItem(at: cacheRoot)
        super.tearDown()
    }

    private func repository() throws -> ImageRepository {
        let client = HTTPClient()
        clients.append(client)
        return ImageRepository(http: client, directories: try CacheDirectories(root: cacheRoot))
    }

    private func run(_ body: @escaping @Sendable () async throws -> Void) {
        let done = expectation(description: "done")
        Task {
            try await body()
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
    }

    func testTheThumbnailThenTheRowsStandInOnlyForThePageShown() throws {
        let width = 1600, height = 1200
        let png = try Self.noisePNG(width: width, height: height)
        _ = try server.writeFile(name: "slow.png", contents: png)
        let url = server.url("/slow.png")
        // A first run made the thumbnail; the original was evicted since.
        let first = try repository()
        run { _ = try await first.thumbnail(for: url, priority: .visible) }
        let originals = try CacheDirectories(root: cacheRoot).originals
        for file in try FileManager.default.contentsOfDirectory(at: originals, includingPropertiesForKeys: nil) {
            try FileManager.default.removeItem(at: file)
        }
        let rate = png.count / 6
        run { [server] in _ = try await HTTPClient().send(HTTPRequest(url: server!.url("/__pace?rate=\(rate)"))) }
        let source = try repository()
        let download = Task { try await source.original(bytesFor: url, priority: .interactive) }
        defer { download.cancel() }

        MainActor.assumeIsolated {
            _ = GtkTestEnvironment.setUp()
            let standIns = ViewerStandIns(source: source)
            var changes: [Int] = []
            standIns.onChange = { changes.append($0) }
            standIns.start(0, url: url)
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { standIns.image(at: 0) != nil }, "the thumbnail stands in")
            let preview = standIns.image(at: 0)
            XCTAssertEqual(preview?.sourceSize, PixelSize(width: width, height: height), "laid out as the original")
            XCTAssertNil(standIns.underlay(at: 0), "nothing beneath it yet")
            XCTAssertEqual(changes, [0])

            let screen = PixelSize(width: 800, height: 600)
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) { (source.downloadProgress(for: url)?.receivedBytes ?? 0) > png.count / 5 })
            let received = source.downloadProgress(for: url)?.receivedBytes ?? 0
            XCTAssertTrue(standIns.refreshPartial(0, url: url, screen: screen, received: received))
            XCTAssertTrue(standIns.isDecodingPartial(0))
            XCTAssertFalse(standIns.refreshPartial(0, url: url, screen: screen, received: received + 1), "one decode at a time")
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 20) { standIns.underlay(at: 0) != nil }, "the rows drawn over it")
            XCTAssertTrue(standIns.underlay(at: 0) === preview?.texture, "the thumbnail beneath the rows not yet here")
            XCTAssertEqual(standIns.image(at: 0)?.texture.pixelWidth, 800, "the rows at the page's size")
            XCTAssertFalse(standIns.refreshPartial(0, url: url, screen: screen, received: received), "nothing new arrived")

            standIns.keepPartial(onlyFor: 1) // the person turned to the next page
            XCTAssertNil(standIns.underlay(at: 0))
            XCTAssertTrue(standIns.image(at: 0)?.texture === preview?.texture, "the page turned from keeps its thumbnail only")
            standIns.forget(0) // its original arrived
            XCTAssertNil(standIns.image(at: 0))
        }
    }

    /// A PNG of noise (as large as a photo of its size), written by gdk-pixbuf.
    private static func noisePNG(width: Int, height: Int) throws -> Data {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height)))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!, stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        var seed: UInt32 = 7
        for y in 0..<height {
            for x in 0..<width * 3 {
                seed = seed &* 1_103_515_245 &+ 12345
                pixels[y * stride + x] = UInt8(truncatingIfNeeded: (seed >> 16) / 2 + UInt32(y % 128))
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", nil, nil, &error) != 0, let buffer else {
            g_clear_error(&error)
            throw PNGNotWritten()
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    private struct PNGNotWritten: Error {}
}
