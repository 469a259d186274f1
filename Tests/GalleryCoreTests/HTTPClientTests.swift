import Foundation
import GalleryTestSupport
import GalleryCore
import XCTest

/// Ordinary responses from a real server: bodies, headers, statuses, redirects, conditional GETs.
final class HTTPClientTests: XCTestCase {
    private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func testReturnsBodyHeadersAndContentType() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        let url = server.url("/img/40x30.png")

        let response = try await client.send(HTTPRequest(url: url))

        XCTAssertEqual(response.head.status, 200)
        XCTAssertEqual(Array(response.body.prefix(8)), pngSignature)
        XCTAssertEqual(response.head.headers["content-length"], String(response.body.count))
        XCTAssertEqual(response.head.contentType, "image/png")
        XCTAssertNotNil(response.head.headers["etag"], "header names are lower-cased")
        XCTAssertEqual(response.effectiveURL, url)
    }

    func testContentTypeLosesParametersAndCase() async throws {
        let server = try FixtureServer.shared()
        let response = try await HTTPClient().send(HTTPRequest(url: server.url("/html/page")))

        XCTAssertEqual(response.head.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(response.head.contentType, "text/html")
    }

    func testSendsUserAgentAndRequestHeaders() async throws {
        let server = try FixtureServer.shared()
        let request = HTTPRequest(url: server.url("/echo/headers"), headers: ["X-Gallery-Test": "yes"])

        let response = try await HTTPClient().send(request)

        let echoed = try JSONDecoder().decode([String: String].self, from: response.body)
        XCTAssertEqual(echoed["user-agent"], AppIdentity.userAgent)
        XCTAssertTrue(AppIdentity.userAgent.hasPrefix("LinkGallery/"))
        XCTAssertEqual(echoed["x-gallery-test"], "yes")
        XCTAssertTrue(echoed["accept-encoding"]?.contains("gzip") == true, "\(echoed)")
    }

    func testConditionalRequestsGetNotModified() async throws {
        let server = try FixtureServer.shared()
        let name = "links-\(FixtureServer.uniqueTag()).txt"
        let url = try server.writeFile(name: name, contents: "https://example.org/a.png\n")
        let client = HTTPClient()

        let first = try await client.send(HTTPRequest(url: url))
        let etag = try XCTUnwrap(first.head.headers["etag"])
        let lastModified = try XCTUnwrap(first.head.headers["last-modified"])
        let byETag = try await client.send(HTTPRequest(url: url, headers: ["If-None-Match": etag]))
        let byDate = try await client.send(HTTPRequest(url: url, headers: ["If-Modified-Since": lastModified]))

        XCTAssertEqual(first.head.status, 200)
        XCTAssertEqual(String(decoding: first.body, as: UTF8.self), "https://example.org/a.png\n")
        XCTAssertEqual(byETag.head.status, 304)
        XCTAssertTrue(byETag.body.isEmpty)
        XCTAssertEqual(byDate.head.status, 304)
    }

    func testErrorStatusesAreReturnedWithTheirBody() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()

        let notFound = try await client.send(HTTPRequest(url: server.url("/fault/404")))
        let flakyURL = server.url("/fault/500-then-200/\(FixtureServer.uniqueTag())")
        let failing = try await client.send(HTTPRequest(url: flakyURL))
        let retried = try await client.send(HTTPRequest(url: flakyURL))

        XCTAssertEqual(notFound.head.status, 404)
        XCTAssertFalse(notFound.head.isSuccess)
        XCTAssertTrue(String(decoding: notFound.body, as: UTF8.self).contains("404 Not Found"))
        XCTAssertEqual(failing.head.status, 500)
        XCTAssertEqual(retried.head.status, 200)
        XCTAssertEqual(Array(retried.body.prefix(8)), pngSignature)
    }

    func testFollowsRedirectsAndReportsTheFinalResponse() async throws {
        let server = try FixtureServer.shared()

        let response = try await HTTPClient().send(HTTPRequest(url: server.url("/redirect/img/8x8.png")))

        XCTAssertEqual(response.head.status, 200)
        XCTAssertEqual(response.effectiveURL.path, "/img/8x8.png")
        XCTAssertNil(response.head.headers["location"], "headers of the 302 must not leak into the final head")
        XCTAssertEqual(response.head.contentType, "image/png")
    }

    func testRangeRequestGetsPartialContent() async throws {
        let server = try FixtureServer.shared()
        let url = server.url("/img/120x90/jpg")
        let client = HTTPClient()

        let whole = try await client.send(HTTPRequest(url: url))
        let part = try await client.send(HTTPRequest(url: url, headers: ["Range": "bytes=0-15"]))

        XCTAssertEqual(part.head.status, 206)
        XCTAssertEqual(part.body, whole.body.prefix(16))
        XCTAssertEqual(part.head.headers["content-range"], "bytes 0-15/\(whole.body.count)")
    }

    func testEmptyBodyIsInspectedOnceWithNoBytes() async throws {
        let server = try FixtureServer.shared()
        let seen = InspectionRecorder()
        let request = HTTPRequest(url: server.url("/fault/empty"), inspect: seen.inspector)

        let response = try await HTTPClient().send(request)

        XCTAssertEqual(response.head.status, 200)
        XCTAssertTrue(response.body.isEmpty)
        XCTAssertEqual(seen.calls.map(\.prefix), [[]])
        XCTAssertEqual(seen.calls.first?.head.contentType, "image/png")
    }
}
