import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// Servers that attack on purpose (issue 16): slow-loris bodies, header floods, validators built to
/// inject headers, and options libcurl refuses. Good images must still load, the hostile transfer
/// must end in a clear state, and what the app keeps or sends back must stay clean.
final class HostileServerTests: XCTestCase {
    private var server: FixtureServer!
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try FixtureServer.shared()
        folder = try TemporaryDirectory()
    }

    /// Eight slow-loris transfers from two hostile hosts of their own (own ports: libcurl's
    /// per-host connection limit is per host and port, as for hostile sites beside good ones).
    private func startLorises(on lorisServers: [FixtureServer], client: HTTPClient) async throws
        -> (tag: String, tasks: [Task<Void, Never>]) {
        let tag = FixtureServer.uniqueTag()
        var tasks: [Task<Void, Never>] = []
        for lorisServer in lorisServers {
            let paths = (0..<4).map { "/fault/loris?rate=200&seconds=120&n=\($0)&tag=\(tag)" }
            tasks += paths.map { path in
                Task { _ = await client.failure(of: HTTPRequest(url: lorisServer.url(path), priority: SharedPriority(.visible))) }
            }
            for path in paths {
                let arrived = try await lorisServer.firstLoggedRequest(timeout: .seconds(30)) { $0.path == path }
                XCTAssertNotNil(arrived, "every slow server holds a transfer")
            }
        }
        return (tag, tasks)
    }

    private func stillTrickling(_ lorisServers: [FixtureServer], tag: String) async throws -> Int {
        var count = 0
        for lorisServer in lorisServers {
            count += try await lorisServer.requestLog().filter { $0.path.contains(tag) && $0.bytesSent == nil }.count
        }
        return count
    }

    // MARK: Slow-loris (class 3)

    func testSlowLorisServersCannotKeepGoodImagesWaiting() async throws {
        let lorisServers = [try FixtureServer(), try FixtureServer()]
        defer { lorisServers.forEach { $0.stop() } }
        // The low-speed limit would end the lorises too; here only the slots are under test.
        let client = HTTPClient(configuration: .init(lowSpeedTime: .seconds(300)))
        defer { client.shutdown() }
        let lorises = try await startLorises(on: lorisServers, client: client)
        let repository = ImageRepository(http: client, directories: try CacheDirectories(root: folder.url))

        let tag = FixtureServer.uniqueTag()
        let started = ContinuousClock.now
        let widths = try await withThrowingTaskGroup(of: Int.self) { group in
            for seed in 1...16 {
                let url = server.url("/img?w=160&h=120&fmt=png&seed=\(seed)&tag=\(tag)")
                group.addTask { try await repository.thumbnail(for: url, priority: .visible).texture.pixelWidth }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        print("HostileServer: 16 good thumbnails beside 8 slow-loris transfers in \(ContinuousClock.now - started)")

        XCTAssertEqual(widths.count, 16, "every good image loaded")
        XCTAssertTrue(widths.allSatisfy { $0 > 0 })
        let trickling = try await stillTrickling(lorisServers, tag: lorises.tag)
        XCTAssertEqual(trickling, 8, "the good images did not wait for the slow servers to finish")
        lorises.tasks.forEach { $0.cancel() }
    }

    func testInteractiveRequestsFindASlotWhateverSlowServersHold() async throws {
        let lorisServers = [try FixtureServer(), try FixtureServer()]
        defer { lorisServers.forEach { $0.stop() } }
        // Eight running transfers is the hard bound here, and the slow servers take all eight.
        let client = HTTPClient(configuration: .init(lowSpeedTime: .seconds(300), maxRunningTransfers: 8))
        defer { client.shutdown() }
        let lorises = try await startLorises(on: lorisServers, client: client)

        let linksURL = try server.writeFile(
            name: "interactive-\(FixtureServer.uniqueTag()).txt", contents: server.url("/img/64x48.png").absoluteString + "\n")
        let links = LinksRepository(url: linksURL, http: client, directories: try CacheDirectories(root: folder.url))
        let snapshot = try await links.refresh()
        let repository = ImageRepository(http: client, directories: nil)
        let original = try await repository.original(
            for: server.url("/img?w=300&h=200&fmt=jpg&tag=\(FixtureServer.uniqueTag())"), priority: .interactive)

        XCTAssertEqual(snapshot.entries.count, 1, "the links file loaded")
        XCTAssertEqual(original.texture.pixelWidth, 300, "the viewer's image loaded")
        let trickling = try await stillTrickling(lorisServers, tag: lorises.tag)
        XCTAssertEqual(trickling, 8, "nothing waited for a slow server to give up its slot")
        lorises.tasks.forEach { $0.cancel() }
    }

    func testTricklingTransfersEndByTheLowSpeedOrTheTotalLimit() async throws {
        // 200 bytes a second is below the default low-speed limit (1 KB/s).
        let lowSpeed = HTTPClient(configuration: .init(lowSpeedTime: .seconds(2)))
        let belowLimit = await lowSpeed.failure(
            of: HTTPRequest(url: server.url("/fault/loris?rate=200&seconds=60&tag=\(FixtureServer.uniqueTag())")))
        XCTAssertEqual(belowLimit, .timedOut)
        XCTAssertEqual(belowLimit?.asLoadError, .timedOut, "the tile offers Retry")

        // 8 KB/s passes the low-speed limit forever, and that limit is set out of reach so that
        // only the total limit can end it.
        let total = HTTPClient(configuration: .init(
            lowSpeedTime: .seconds(300), totalTimeoutBase: .seconds(2), totalTimeoutBytesPerSecond: .max))
        let aboveLimit = await total.failure(
            of: HTTPRequest(url: server.url("/fault/loris?rate=8192&seconds=60&tag=\(FixtureServer.uniqueTag())")))
        XCTAssertEqual(aboveLimit, .timedOut)
    }

    func testTotalLimitLetsTheLargestOriginalThroughASlowLink() {
        let configuration = HTTPClient.Configuration()
        // 80 MB (ImageRepository's cap for originals) at 512 kbit/s takes about 21 minutes.
        let slowLink = Duration.seconds(80 * 1024 * 1024 / (64 * 1024))
        XCTAssertGreaterThanOrEqual(configuration.totalTimeout(maxBodyBytes: 80 * 1024 * 1024), slowLink)
        XCTAssertLessThan(configuration.totalTimeout(maxBodyBytes: 64 * 1024), .seconds(120), "a thumbnail-sized cap ends soon")
    }

    // MARK: Header floods (class 6)

    func testTensOfThousandsOfRepeatedHeadersKeepOnlyWhatTheAppReads() async throws {
        let http = HTTPClient()
        let url = server.url("/fault/header-flood?count=10000&tag=\(FixtureServer.uniqueTag())")
        let started = ContinuousClock.now
        let response = try await http.send(HTTPRequest(url: url))
        print("HostileServer: 20,000 header lines collected in \(ContinuousClock.now - started)")

        XCTAssertEqual(response.head.status, 200)
        XCTAssertTrue(Set(response.head.headers.keys).isSubset(of: ResponseHeaderCollector.keptNames))
        XCTAssertNil(response.head.headers["x-flood"], "headers the app does not read are not kept")
        XCTAssertNil(response.head.headers["etag"], "an ETag repeated 10,000 times is no validator")
        XCTAssertLessThanOrEqual(response.head.headers.values.map(\.utf8.count).max() ?? 0, HeaderValue.maxBytes)

        // The image behind the flood still shows: its bytes say it is a PNG.
        let repository = ImageRepository(http: http, directories: try CacheDirectories(root: folder.url))
        let thumbnail = try await repository.thumbnail(for: url, priority: .visible)
        XCTAssertGreaterThan(thumbnail.texture.pixelWidth, 0)
    }

    // MARK: Validators (class 8)

    func testValidatorsWithControlCharactersOrOverAKilobyteAreNeverStoredNorSentBack() async throws {
        let http = HTTPClient()
        for kind in ["cr", "long"] {
            let path = "/fault/bad-validators?kind=\(kind)&tag=\(FixtureServer.uniqueTag())"
            let links = LinksRepository(url: server.url(path), http: http, directories: try CacheDirectories(root: folder.url))
            let first = try await links.refresh()
            _ = try await links.refresh()

            XCTAssertEqual(first.entries.count, 1, kind)
            let requests = try await server.requestLog().filter { $0.path == path }
            XCTAssertEqual(requests.count, 2, kind)
            XCTAssertNil(requests.last?.ifNoneMatch, "\(kind): the ETag was dropped, not sent back")
            XCTAssertNil(requests.last?.ifModifiedSince, "\(kind): the Last-Modified was dropped, not sent back")
        }
    }

    func testValidatorSavedByAnOlderVersionIsNotSentBack() async throws {
        let http = HTTPClient()
        let directories = try CacheDirectories(root: folder.url)
        let url = try server.writeFile(name: "old-\(FixtureServer.uniqueTag()).txt", contents: "https://example.com/a.png\n")
        // What a version without the rule may have saved: an ETag with a bare CR in it.
        let body = try Data(contentsOf: server.rootDirectory.appendingPathComponent(url.lastPathComponent))
        let metadata = LinksSnapshotMetadata(
            etag: "\"x\"\rX-Injected: 1", lastModified: nil, confirmedAt: Date(),
            checksum: Checksum.sha256(body), byteCount: body.count)
        try DiskStore(directory: directories.links, capacityBytes: 1 << 20, fileExtension: "txt")
            .write(body, key: url.absoluteString)
        try DiskStore(directory: directories.links, capacityBytes: 1 << 20, fileExtension: "json")
            .write(JSONEncoder().encode(metadata), key: url.absoluteString)

        let outcome = try await LinksRepository(url: url, http: http, directories: directories).refresh()

        XCTAssertEqual(outcome.entries.count, 1, "the refresh works")
        let request = try await server.requestLog().last { $0.path == url.path }
        XCTAssertNotNil(request)
        XCTAssertNil(request?.ifNoneMatch)
    }

    // MARK: libcurl options (class 12)

    func testAnOptionLibcurlRefusesRefusesTheTransfer() async throws {
        let http = HTTPClient()
        let tag = FixtureServer.uniqueTag()
        // libcurl refuses strings over 8,000,000 bytes (CURL_MAX_INPUT_LENGTH) for CURLOPT_URL.
        let url = try XCTUnwrap(URL(string: server.url("/text/plain.txt?tag=\(tag)&pad=").absoluteString
            + String(repeating: "a", count: 8_100_000)))

        let error = await http.failure(of: HTTPRequest(url: url))

        guard case .other(_, let message) = error else { return XCTFail("expected a refused option, got \(String(describing: error))") }
        XCTAssertTrue(message.contains("CURLOPT_URL"), message)
        XCTAssertEqual(error?.asLoadError, .badResponse, "the tile shows an error")
        let reached = try await server.requestLog().contains { $0.path.contains(tag) }
        XCTAssertFalse(reached, "nothing was sent")
        // The client works on.
        let next = try await http.send(HTTPRequest(url: server.url("/text/plain.txt")))
        XCTAssertEqual(next.head.status, 200)
    }

    func testARequestHeaderThatWouldSplitTheRequestIsRefused() async throws {
        let http = HTTPClient()
        let tag = FixtureServer.uniqueTag()
        let error = await http.failure(of: HTTPRequest(
            url: server.url("/echo/headers?tag=\(tag)"), headers: ["If-None-Match": "\"a\"\r\nX-Injected: 1"]))
        guard case .other = error else { return XCTFail("expected a refusal, got \(String(describing: error))") }
        let reached = try await server.requestLog().contains { $0.path.contains(tag) }
        XCTAssertFalse(reached)
    }
}
