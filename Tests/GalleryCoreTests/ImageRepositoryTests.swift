import CGtk
import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// The lookup chain with a real HTTP server and a real cache folder.
final class ImageRepositoryTests: XCTestCase {
    private var root: URL!
    private var server: FixtureServer!
    private let http = HTTPClient()

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("repo-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    private func makeRepository(configuration: ImageRepository.Configuration = .init()) throws -> ImageRepository {
        ImageRepository(http: http, directories: try CacheDirectories(root: root), configuration: configuration)
    }

    private func uniquePath(_ base: String = "/img/640x480.jpg") -> String {
        base + (base.contains("?") ? "&" : "?") + "tag=\(FixtureServer.uniqueTag())"
    }

    func testTwentyConcurrentRequestsForOneURLDownloadOnce() async throws {
        let repository = try makeRepository()
        let path = uniquePath()
        let url = server.url(path)
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await repository.thumbnail(for: url, priority: .visible).texture.pixelWidth }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(sizes, Array(repeating: ImageDecoder.defaultThumbnailSide, count: 20))
        let requests = try await server.requestCount(path: path)
        XCTAssertEqual(requests, 1)
    }

    /// A larger tile size (issue 34) makes its thumbnail from the original already on disk, not
    /// a second download, and it is the picture: the middle square of the whole decode, scaled
    /// by gdk-pixbuf in this process as the reference.
    func testALargerThumbnailComesFromTheCachedOriginalAndMatchesTheWholePicture() async throws {
        let repository = try makeRepository()
        let path = uniquePath("/img/1200x800.png")
        let url = server.url(path)
        _ = try await repository.thumbnail(for: url, priority: .visible)
        let large = try await repository.thumbnail(for: url, side: 242, priority: .visible)
        XCTAssertEqual(large.texture.pixelWidth, 242)
        XCTAssertEqual(large.texture.pixelHeight, 242)
        let requests = try await server.requestCount(path: path)
        XCTAssertEqual(requests, 1, "made from the original on disk")

        let original = try await http.send(HTTPRequest(url: url)).body
        let reference = try Self.middleSquare(of: original, side: 242)
        let difference = PixelDifference(large.texture.premultipliedRGBA(), reference)
        XCTAssertLessThanOrEqual(difference.mean, 2.0)
        XCTAssertLessThanOrEqual(difference.largestOfMost, 24)
    }

    /// The middle square of an opaque picture, scaled to `side` by gdk-pixbuf: RGBA rows.
    private static func middleSquare(of data: Data, side: Int) throws -> [UInt8] {
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(loader.rawPointer) }
        data.withUnsafeBytes { _ = gdk_pixbuf_loader_write(loader, $0.baseAddress?.assumingMemoryBound(to: guchar.self), gsize($0.count), nil) }
        gdk_pixbuf_loader_close(loader, nil)
        let whole = try XCTUnwrap(gdk_pixbuf_loader_get_pixbuf(loader))
        let width = Int(gdk_pixbuf_get_width(whole)), height = Int(gdk_pixbuf_get_height(whole))
        let square = min(width, height)
        let middle = gdk_pixbuf_new_subpixbuf(whole, gint((width - square) / 2), gint((height - square) / 2), gint(square), gint(square))!
        defer { g_object_unref(middle.rawPointer) }
        let scaled = gdk_pixbuf_scale_simple(middle, gint(side), gint(side), GDK_INTERP_HYPER)!
        defer { g_object_unref(scaled.rawPointer) }
        let channels = Int(gdk_pixbuf_get_n_channels(scaled)), stride = Int(gdk_pixbuf_get_rowstride(scaled))
        let pixels = gdk_pixbuf_read_pixels(scaled)!
        var rgba = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                for channel in 0..<3 { rgba[(y * side + x) * 4 + channel] = pixels[y * stride + x * channels + channel] }
            }
        }
        return rgba
    }

    func testThumbnailAndOriginalShareOneDownload() async throws {
        let repository = try makeRepository()
        let path = uniquePath("/img/1200x800.png")
        let url = server.url(path)
        async let thumbnail = repository.thumbnail(for: url, priority: .visible)
        async let original = repository.original(for: url, priority: .interactive)
        let (small, large) = try await (thumbnail, original)
        XCTAssertEqual(small.texture.pixelWidth, ImageDecoder.defaultThumbnailSide)
        XCTAssertEqual(large.texture.pixelWidth, 1200)
        let requests = try await server.requestCount(path: path)
        XCTAssertEqual(requests, 1)
    }

    func testMemoryHitTouchesNeitherDiskNorNetwork() async throws {
        let repository = try makeRepository()
        let path = uniquePath()
        let url = server.url(path)
        _ = try await repository.thumbnail(for: url, priority: .visible)
        // Remove the disk copies: a memory hit must not need them.
        try FileManager.default.removeItem(at: root)
        XCTAssertNotNil(repository.cachedThumbnail(for: url))
        _ = try await repository.thumbnail(for: url, priority: .visible)
        let requests = try await server.requestCount(path: path)
        XCTAssertEqual(requests, 1)
    }

    func testRelaunchReadsDiskWithoutNetwork() async throws {
        let path = uniquePath()
        let url = server.url(path)
        _ = try await makeRepository().thumbnail(for: url, priority: .visible)
        // A new repository over the same folder is a relaunch: empty memory, full disk.
        let relaunched = try makeRepository()
        XCTAssertNil(relaunched.cachedThumbnail(for: url))
        let thumbnail = try await relaunched.thumbnail(for: url, priority: .visible)
        XCTAssertEqual(thumbnail.texture.pixelWidth, ImageDecoder.defaultThumbnailSide)
        XCTAssertNotNil(relaunched.cachedThumbnail(for: url), "a disk hit is promoted to memory")
        let original = try await relaunched.original(for: url, priority: .interactive)
        XCTAssertEqual(original.texture.pixelWidth, 640)
        let requests = try await server.requestCount(path: path)
        XCTAssertEqual(requests, 1)
    }

    func testCorruptThumbnailOnDiskIsRemadeNotShown() async throws {
        let path = uniquePath()
        let url = server.url(path)
        _ = try await makeRepository().thumbnail(for: url, priority: .visible)
        let thumbnails = try FileManager.default.contentsOfDirectory(
            at: root.appendingPathComponent("thumbnails"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }
        XCTAssertEqual(thumbnails.count, 1)
        let damaged = try Data(contentsOf: thumbnails[0]).prefix(40)
        try damaged.write(to: thumbnails[0])
        let thumbnail = try await makeRepository().thumbnail(for: url, priority: .visible)
        XCTAssertEqual(thumbnail.texture.pixelWidth, ImageDecoder.defaultThumbnailSide)
        XCTAssertGreaterThan(try Data(contentsOf: thumbnails[0]).count, 40, "the damaged PNG was replaced")
    }

    func testNonImagesAreRememberedAndNeverCachedAsImages() async throws {
        let repository = try makeRepository()
        for path in [uniquePath("/lying/html-as.jpg"), uniquePath("/html/page")] {
            do {
                _ = try await repository.thumbnail(for: server.url(path), priority: .visible)
                XCTFail("\(path) is not an image")
            } catch let error as LoadError {
                XCTAssertEqual(error, .notAnImage, path)
            }
            // Asked again (a relaunch: the app writes its verdicts as it quits), the verdict comes
            // from disk, not from the server.
            repository.saveVerdictsNow()
            do {
                _ = try await makeRepository().thumbnail(for: server.url(path), priority: .visible)
                XCTFail("\(path) is not an image")
            } catch let error as LoadError {
                XCTAssertEqual(error, .notAnImage, path)
            }
            let requests = try await server.requestCount(path: path)
            XCTAssertEqual(requests, 1, path)
        }
        let originals = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("originals").path)
        XCTAssertEqual(originals, [])
    }

    /// Only what a decoder read whole and called damaged is forgotten: a picture too large for
    /// this machine's limits (a PNG claiming 30000×30000) is a whole file, kept, and asked
    /// again it fails at once from the disk, without a second download.
    func testFaultsEndInTheirErrorClassAndLeaveNothingDamagedInTheCache() async throws {
        var configuration = ImageRepository.Configuration()
        configuration.maxOriginalBytes = 8 * 1024 * 1024
        let repository = try makeRepository(configuration: configuration)
        let bomb = uniquePath("/fault/bomb.png")
        let cases: [(String, LoadError)] = [
            ("/fault/404", .serverError(status: 404)),
            ("/fault/truncated.jpg", .damaged),
            (bomb, .tooLarge),
            ("/fault/huge", .tooLarge),
            ("/fault/redirect-loop", .badResponse),
            ("/fault/redirect-file", .badResponse),
            ("/fault/empty", .damaged),
        ]
        for (path, expected) in cases {
            do {
                _ = try await repository.thumbnail(for: server.url(path), priority: .visible)
                XCTFail("\(path) should fail")
            } catch let error as LoadError {
                XCTAssertEqual(error, expected, path)
            }
        }
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("thumbnails").path)
            .filter { $0.hasSuffix(".png") }
        XCTAssertEqual(thumbnails, [])
        let originals = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("originals").path)
            .filter { $0.hasSuffix(".bin") }
        XCTAssertEqual(originals.count, 1, "of what downloaded whole, only the picture too large for the limits is kept: \(originals)")
        do {
            _ = try await repository.thumbnail(for: server.url(bomb), priority: .visible)
            XCTFail("still too large")
        } catch let error as LoadError {
            XCTAssertEqual(error, .tooLarge)
        }
        let bombRequests = try await server.requestCount(path: bomb)
        XCTAssertEqual(bombRequests, 1, "the bomb was read from the disk, not downloaded again")
    }

    func testCancellingTheOnlyWaiterCancelsTheTransfer() async throws {
        let repository = try makeRepository()
        let path = uniquePath("/fault/hang")
        let server = self.server!
        let task = Task { try await repository.thumbnail(for: server.url(path), priority: .visible) }
        _ = try await server.firstLoggedRequest { $0.path == path }
        let started = ContinuousClock.now
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("cancelled")
        } catch let error as LoadError {
            XCTAssertEqual(error, .cancelled)
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
    }
}
