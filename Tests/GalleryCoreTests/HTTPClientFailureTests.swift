import Foundation
import GalleryTestSupport
import GalleryCore
import XCTest

/// Transport failures are classified so the gallery can tell offline from broken from hostile.
final class HTTPClientFailureTests: XCTestCase {
    /// Short limits keep stalls quick to detect; the trickle (10 bytes/s) is below the default limit.
    private let impatientClient = HTTPClient(
        configuration: .init(connectTimeout: .seconds(2), lowSpeedTime: .seconds(2))
    )

    func testTrickleBelowTheSpeedLimitTimesOut() async throws {
        let server = try FixtureServer.shared()
        let started = ContinuousClock.now

        let error = await impatientClient.failure(of: HTTPRequest(url: server.url("/fault/trickle")))

        XCTAssertEqual(error, .timedOut)
        XCTAssertEqual(error?.asLoadError, .timedOut)
        let elapsed = ContinuousClock.now - started
        XCTAssertGreaterThan(elapsed, .milliseconds(1500), "gave up before the low-speed window")
        XCTAssertLessThan(elapsed, .seconds(8))
    }

    func testServerThatNeverAnswersTimesOut() async throws {
        let server = try FixtureServer.shared()
        let started = ContinuousClock.now

        let error = await impatientClient.failure(of: HTTPRequest(url: server.url("/fault/hang")))

        XCTAssertEqual(error, .timedOut)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(8))
    }

    func testRedirectLoopStopsAtTheRedirectLimit() async throws {
        let server = try FixtureServer.shared()
        let path = "/fault/redirect-loop?tag=\(FixtureServer.uniqueTag())"
        let client = HTTPClient(configuration: .init(maxRedirects: 3))

        let error = await client.failure(of: HTTPRequest(url: server.url(path)))

        XCTAssertEqual(error, .tooManyRedirects)
        XCTAssertEqual(error?.asLoadError, .badResponse)
        let hops = try await server.requestCount(path: path)
        XCTAssertEqual(hops, 1 + 3, "the first request plus maxRedirects followed redirects")
    }

    func testRedirectToAFileURLIsRefused() async throws {
        let server = try FixtureServer.shared()

        let error = await HTTPClient().failure(of: HTTPRequest(url: server.url("/fault/redirect-file")))

        XCTAssertEqual(error, .unsupportedScheme)
        XCTAssertEqual(error?.asLoadError, .badResponse)
    }

    func testOtherSchemesAreRefusedWithoutTouchingTheNetwork() async throws {
        let server = try FixtureServer.shared()
        let tag = FixtureServer.uniqueTag()
        let client = HTTPClient()
        let refused = [
            "ftp://127.0.0.1:\(server.port)/\(tag)",
            "file:///etc/passwd",
            "gopher://127.0.0.1:\(server.port)/\(tag)",
        ]

        for link in refused {
            let error = await client.failure(of: HTTPRequest(url: try XCTUnwrap(URL(string: link))))
            XCTAssertEqual(error, .unsupportedScheme, link)
        }
        let noScheme = await client.failure(of: HTTPRequest(url: try XCTUnwrap(URL(string: "images/a.png"))))
        XCTAssertEqual(noScheme, .invalidURL)
        let log = try await server.requestLog()
        XCTAssertFalse(log.contains { $0.path.contains(tag) })
    }

    func testUnresolvableHostIsReported() async throws {
        let error = await impatientClient.failure(of: HTTPRequest(url: try XCTUnwrap(URL(string: "http://nonexistent.invalid/"))))

        XCTAssertEqual(error, .cannotResolveHost)
        XCTAssertEqual(error?.asLoadError, .noConnection)
    }

    func testRefusedConnectionIsReported() async throws {
        let port = try ClosedPort.find()

        let error = await impatientClient.failure(of: HTTPRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/x.png"))))

        XCTAssertEqual(error, .cannotConnect)
        XCTAssertEqual(error?.asLoadError.isTransient, true)
    }

    func testConnectionResetMidBodyIsInterrupted() async throws {
        let server = try FixtureServer.shared()

        let error = await HTTPClient().failure(of: HTTPRequest(url: server.url("/fault/reset")))

        XCTAssertEqual(error, .interrupted)
        XCTAssertEqual(error?.asLoadError.isTransient, true)
    }

    func testConnectionClosedAfterHeadersIsInterrupted() async throws {
        let server = try FixtureServer.shared()

        let error = await HTTPClient().failure(of: HTTPRequest(url: server.url("/fault/close-after-headers")))

        XCTAssertEqual(error, .interrupted)
    }
}
