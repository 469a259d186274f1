import Foundation
import GalleryTestSupport
import GalleryCore
import XCTest

/// The inspector and the body cap stop unwanted downloads early.
final class HTTPClientInspectionTests: XCTestCase {
    private static let hugeBodyBytes = 200 * 1024 * 1024
    /// Socket buffers let a server write a few megabytes before it notices the client left.
    private static let stoppedEarlyBytes = 32 * 1024 * 1024

    private static func looksLikePNG(_ head: HTTPResponseHead, _ prefix: [UInt8]) -> Bool {
        prefix.starts(with: [0x89, 0x50, 0x4E, 0x47])
    }

    func testInspectorRejectsALargeHTMLPageAfterItsFirstBytes() async throws {
        let server = try FixtureServer.shared()
        // No Content-Length, so only the inspector (not the 64 MB cap) can stop it early.
        let path = "/fault/huge-nolength?kind=html&tag=\(FixtureServer.uniqueTag())"
        let recorder = InspectionRecorder(verdict: { head, _ in head.contentType?.hasPrefix("image/") == true })

        let error = await HTTPClient().failure(of: HTTPRequest(url: server.url(path), inspect: recorder.inspector))

        XCTAssertEqual(error, .rejected)
        XCTAssertEqual(error?.asLoadError, .notAnImage)
        XCTAssertEqual(recorder.calls.count, 1)
        XCTAssertEqual(recorder.calls.first?.head.status, 200)
        XCTAssertEqual(recorder.calls.first?.head.contentType, "text/html")
        XCTAssertEqual(recorder.calls.first?.prefix.count, HTTPRequest.inspectedPrefixLength)
        XCTAssertTrue(recorder.calls.first?.prefix.starts(with: Array("<!DOCTYPE html>".utf8)) == true)
        let served = try await server.firstLoggedRequest { $0.path == path && $0.bytesSent != nil }
        let bytesSent = try XCTUnwrap(served?.bytesSent)
        XCTAssertLessThan(bytesSent, Self.stoppedEarlyBytes, "the server kept streaming after the rejection")
    }

    func testInspectorSeesMagicBytesBehindALyingContentType() async throws {
        let server = try FixtureServer.shared()
        let recorder = InspectionRecorder(verdict: Self.looksLikePNG)
        let request = HTTPRequest(url: server.url("/lying/png-as-html"), inspect: recorder.inspector)

        let response = try await HTTPClient().send(request)

        XCTAssertEqual(response.head.contentType, "text/html")
        XCTAssertEqual(recorder.calls.count, 1)
        XCTAssertEqual(recorder.calls.first.map { Data($0.prefix) }, response.body.prefix(HTTPRequest.inspectedPrefixLength))
        XCTAssertGreaterThan(response.body.count, HTTPRequest.inspectedPrefixLength, "accepted bodies arrive whole")
        XCTAssertEqual(response.head.headers["content-length"], String(response.body.count))
    }

    /// An inspector that cannot tell from 64 bytes is asked again with 1,024, taken from the
    /// same arriving bytes; saying so again then rejects; into a sink, the whole body arrives.
    func testAnInspectorThatAsksForMoreSeesTheLongestPrefixOnce() async throws {
        let server = try FixtureServer.shared()
        let text = String(repeating: "<!-- a long comment -->\n", count: 400) // about 10 KB
        let url = try server.writeFile(name: "long-\(FixtureServer.uniqueTag()).txt", contents: text)
        let asking = InspectionRecorder(verdicts: { _, prefix in
            prefix.count == HTTPRequest.inspectedPrefixLength ? .needMore : .accept
        })
        let response = try await HTTPClient().send(HTTPRequest(url: url, inspect: asking.inspector))
        XCTAssertEqual(asking.calls.map(\.prefix.count), [HTTPRequest.inspectedPrefixLength, HTTPRequest.longestInspectedPrefix])
        XCTAssertEqual(asking.calls.last.map { Data($0.prefix) }, Data(text.utf8).prefix(HTTPRequest.longestInspectedPrefix))
        XCTAssertEqual(response.body, Data(text.utf8))

        let undecided = InspectionRecorder(verdicts: { _, _ in .needMore })
        let error = await HTTPClient().failure(of: HTTPRequest(url: url, inspect: undecided.inspector))
        XCTAssertEqual(error, .rejected)
        XCTAssertEqual(undecided.calls.count, 2, "asked once more, then it is a refusal")
    }

    func testInspectorSeesAWholeShortBodyAndMayRejectIt() async throws {
        let server = try FixtureServer.shared()
        let url = server.url("/text/plain.txt")
        let plain = try await HTTPClient().send(HTTPRequest(url: url))
        XCTAssertLessThan(plain.body.count, HTTPRequest.inspectedPrefixLength, "fixture must stay short")
        let recorder = InspectionRecorder(verdict: Self.looksLikePNG)

        let error = await HTTPClient().failure(of: HTTPRequest(url: url, inspect: recorder.inspector))

        XCTAssertEqual(error, .rejected)
        XCTAssertEqual(recorder.calls.map { Data($0.prefix) }, [plain.body])
    }

    func testAnnouncedOversizedBodyFailsBeforeDownloading() async throws {
        let server = try FixtureServer.shared()
        let path = "/fault/huge?tag=\(FixtureServer.uniqueTag())"
        let request = HTTPRequest(url: server.url(path), maxBodyBytes: 1024 * 1024)

        let error = await HTTPClient().failure(of: request)

        XCTAssertEqual(error, .tooLarge)
        XCTAssertEqual(error?.asLoadError, .tooLarge)
        let served = try await server.firstLoggedRequest { $0.path == path && $0.bytesSent != nil }
        XCTAssertLessThan(try XCTUnwrap(served?.bytesSent), Self.stoppedEarlyBytes)
    }

    func testUnannouncedOversizedBodyFailsOnceItCrossesTheCap() async throws {
        let server = try FixtureServer.shared()
        let path = "/fault/huge-nolength?tag=\(FixtureServer.uniqueTag())"
        let request = HTTPRequest(url: server.url(path), maxBodyBytes: 1024 * 1024)

        let error = await HTTPClient().failure(of: request)

        XCTAssertEqual(error, .tooLarge)
        let served = try await server.firstLoggedRequest { $0.path == path && $0.bytesSent != nil }
        let bytesSent = try XCTUnwrap(served?.bytesSent)
        XCTAssertGreaterThan(bytesSent, 1024 * 1024, "the cap was crossed, not guessed")
        XCTAssertLessThan(bytesSent, Self.stoppedEarlyBytes)
    }
}
