import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// Thumbnailing many large originals holds a bounded number of their bytes in memory
/// (`OriginalBytesBudget`), and neither a stalled server nor the viewer is held up by that bound.
final class ThumbnailOriginalsBudgetTests: XCTestCase {
    private var server: FixtureServer!
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        folder = try TemporaryDirectory()
    }

    /// Eight photos of 2400×1600 (the same generator, a different picture each), and their sizes
    /// in bytes as served.
    private func photos(count: Int = 8) async throws -> [(url: URL, bytes: Int)] {
        let tag = FixtureServer.uniqueTag()
        let client = HTTPClient()
        defer { client.shutdown() }
        var photos: [(URL, Int)] = []
        for seed in 1...count {
            let url = server.url("/img?w=2400&h=1600&fmt=jpg&seed=\(seed)&tag=\(tag)")
            photos.append((url, try await client.send(HTTPRequest(url: url)).body.count))
        }
        return photos
    }

    private func thumbnailWidths(_ urls: [URL], from repository: ImageRepository) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for url in urls {
                group.addTask { try await repository.thumbnail(for: url, priority: .visible).texture.pixelWidth }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    func testThumbnailingManyLargeOriginalsHoldsAtMostTheBudget() async throws {
        let photos = try await photos()
        let largest = try XCTUnwrap(photos.map(\.bytes).max())
        var configuration = ImageRepository.Configuration()
        configuration.thumbnailOriginalBytes = 2 * largest
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: folder.url),
                                         configuration: configuration)

        let widths = try await thumbnailWidths(photos.map(\.url), from: repository)

        XCTAssertEqual(widths, Array(repeating: ImageDecoder.defaultThumbnailSide, count: photos.count))
        XCTAssertGreaterThan(photos.map(\.bytes).reduce(0, +), configuration.thumbnailOriginalBytes,
                             "all of them at once would not fit")
        XCTAssertLessThanOrEqual(repository.thumbnailOriginals.peak, configuration.thumbnailOriginalBytes)
        XCTAssertGreaterThanOrEqual(repository.thumbnailOriginals.peak, largest, "every decode held its original")
        XCTAssertEqual(repository.thumbnailOriginals.held, 0, "every share was given back")
    }

    func testThumbnailsFromTheDiskCacheHoldAtMostTheBudget() async throws {
        let photos = try await photos()
        var configuration = ImageRepository.Configuration()
        configuration.thumbnailOriginalBytes = 2 * (photos.map(\.bytes).max() ?? 0)
        let directories = try CacheDirectories(root: folder.url)
        let first = ImageRepository(http: HTTPClient(), directories: directories, configuration: configuration)
        for photo in photos { _ = try await first.original(bytesFor: photo.url, priority: .visible) }
        // Only the originals are on disk (a thumbnail size never made before): no download.
        configuration.thumbnailSide = 64
        let relaunched = ImageRepository(http: HTTPClient(), directories: directories, configuration: configuration)
        try await server.resetLog()

        let widths = try await thumbnailWidths(photos.map(\.url), from: relaunched)

        XCTAssertEqual(widths, Array(repeating: 64, count: photos.count))
        let downloads = try await server.requestLog().filter { log in photos.contains { $0.url.absoluteString.hasSuffix(log.path) } }
        XCTAssertEqual(downloads.count, 0, "made from the disk cache")
        XCTAssertLessThanOrEqual(relaunched.thumbnailOriginals.peak, configuration.thumbnailOriginalBytes)
        XCTAssertGreaterThan(relaunched.thumbnailOriginals.peak, 0)
    }

    func testAStalledServerDoesNotKeepOtherThumbnailsWaiting() async throws {
        let lorisServer = try FixtureServer()
        defer { lorisServer.stop() }
        // Only the budget is under test: the low-speed limit would end the stalled transfer too.
        let client = HTTPClient(configuration: .init(lowSpeedTime: .seconds(300)))
        defer { client.shutdown() }
        let photos = try await photos(count: 6)
        var configuration = ImageRepository.Configuration()
        // The strictest budget: one original at a time.
        configuration.thumbnailOriginalBytes = photos.map(\.bytes).max() ?? 0
        let repository = ImageRepository(http: client, directories: try CacheDirectories(root: folder.url),
                                         configuration: configuration)
        let lorisPath = "/fault/loris?rate=200&seconds=120&tag=\(FixtureServer.uniqueTag())"
        let stalled = Task { try await repository.thumbnail(for: lorisServer.url(lorisPath), priority: .visible) }
        let arrived = try await lorisServer.firstLoggedRequest(timeout: .seconds(30)) { $0.path == lorisPath }
        XCTAssertNotNil(arrived, "the stalled transfer is running")

        let widths = try await thumbnailWidths(photos.map(\.url), from: repository)

        XCTAssertEqual(widths, Array(repeating: ImageDecoder.defaultThumbnailSide, count: photos.count))
        let stillSending = try await lorisServer.requestLog().filter { $0.path == lorisPath && $0.bytesSent == nil }
        XCTAssertEqual(stillSending.count, 1, "the others did not wait for the stalled one to end")
        stalled.cancel()
        let outcome = await stalled.result
        XCTAssertThrowsError(try outcome.get())
    }

    func testTheViewerDoesNotWaitForTheThumbnailBudget() async throws {
        let photos = try await photos(count: 2)
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: folder.url))
        // Every byte of the budget taken, as by thumbnails decoding.
        let taken = try await repository.thumbnailOriginals.enter(
            cost: repository.thumbnailOriginals.policy.capacity, priority: SharedPriority(.visible))
        let thumbnail = Task { try await repository.thumbnail(for: photos[0].url, priority: .visible) }
        try await waitUntil("the thumbnail waits for the budget") { repository.thumbnailOriginals.waitingCount == 1 }

        let page = try await repository.original(for: photos[1].url, fitting: PixelSize(width: 990, height: 660),
                                                 priority: .interactive)
        XCTAssertEqual(page.texture.pixelWidth, 990, "the viewer's page decoded while the budget was full")
        XCTAssertEqual(repository.thumbnailOriginals.waitingCount, 1, "the thumbnail is still waiting")

        taken.release()
        let width = try await thumbnail.value.texture.pixelWidth
        XCTAssertEqual(width, ImageDecoder.defaultThumbnailSide)
    }
}
