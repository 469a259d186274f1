import Foundation
import GalleryTestSupport
import GalleryCore
import XCTest

/// The fixture helper other test files rely on: private instances, served files, log, stopping.
final class FixtureServerTests: XCTestCase {
    func testPrivateServerServesWrittenFilesLogsRequestsAndStops() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let client = HTTPClient()
        let fileURL = try server.writeFile(name: "links.txt", contents: "one\ntwo\n")

        let file = try await client.send(HTTPRequest(url: fileURL))
        _ = try await client.send(HTTPRequest(url: server.url("/img/16x16.gif"), headers: ["Range": "bytes=0-5"]))
        let log = try await server.requestLog()
        try await server.resetLog()
        let logAfterReset = try await server.requestLog()

        XCTAssertEqual(String(decoding: file.body, as: UTF8.self), "one\ntwo\n")
        XCTAssertEqual(log.map(\.path), ["/links.txt", "/img/16x16.gif"])
        XCTAssertEqual(log.map(\.range), [nil, "bytes=0-5"])
        XCTAssertEqual(log.first?.userAgent, AppIdentity.userAgent)
        XCTAssertEqual(logAfterReset, [])

        let stopStarted = ContinuousClock.now
        server.stop()
        XCTAssertLessThan(ContinuousClock.now - stopStarted, .seconds(2))
        let afterStop = await client.failure(of: HTTPRequest(url: fileURL))
        XCTAssertEqual(afterStop, .cannotConnect)
    }

    func testGeneratedImagesAreDeterministicAndSeedsDiffer() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()

        let first = try await client.send(HTTPRequest(url: server.url("/img?w=30&h=20&fmt=webp&seed=1")))
        let again = try await client.send(HTTPRequest(url: server.url("/img?w=30&h=20&fmt=webp&seed=1")))
        let other = try await client.send(HTTPRequest(url: server.url("/img?w=30&h=20&fmt=webp&seed=2")))

        XCTAssertEqual(first.head.contentType, "image/webp")
        XCTAssertEqual(first.body, again.body)
        XCTAssertNotEqual(first.body, other.body)
        XCTAssertEqual(Array(first.body[8..<12]), Array("WEBP".utf8))
    }
}
