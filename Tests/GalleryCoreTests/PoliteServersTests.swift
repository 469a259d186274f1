import Foundation
import GalleryTestSupport
@testable import GalleryCore
import XCTest

/// Real servers limit how fast they are asked: a host that answers 429 with `Retry-After` is
/// left alone that long, then asked at a pace it accepts, and every picture comes by itself.
/// The fixture server limits each key to a bucket of four requests a second.
final class PoliteServersTests: XCTestCase {
    private func limitedPaths(_ count: Int, query: String = "per-second=4&retry-after=2") -> [String] {
        let key = FixtureServer.uniqueTag()
        return (0..<count).map { "/fault/rate-limit/\(key)/img/32x24/png?seed=\($0)&\(query)" }
    }

    private func fetchAll(_ paths: [String], from server: FixtureServer, client: HTTPClient) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for path in paths {
                group.addTask { try await client.send(HTTPRequest(url: server.url(path))).head.status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    func testThirtyPicturesOnARateLimitedHostAllArriveWithoutAskingInsideItsWait() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let paths = limitedPaths(30)

        let statuses = try await fetchAll(paths, from: server, client: HTTPClient())

        XCTAssertEqual(statuses, Array(repeating: 200, count: 30), "every picture arrived by itself")
        let log = try await server.requestLog().filter { $0.path.contains("/fault/rate-limit/") }
        let refusals = log.filter { $0.status == 429 }
        // Before: 98 refusals and requests inside the window the host asked for.
        XCTAssertLessThanOrEqual(refusals.count, 12, "the host was asked at its pace, not hammered: \(refusals.count) refusals")
        let connections = HTTPClient.Configuration().maxConnectionsPerHost
        for refusal in refusals {
            // Only requests already handed to libcurl when the refusal was read (at most one
            // host's connections) may still arrive inside the two seconds it asked for; every
            // one let in later goes back to wait. (Before: 26 of them, a burst a second.)
            let inside = log.filter { $0.at > refusal.at + 0.5 && $0.at < refusal.at + 1.9 }
            XCTAssertLessThanOrEqual(inside.count, connections, "asked \(inside.count) times inside the wait of a refusal")
        }
    }

    func testARetryAfterDateAndA503WithoutOneAreWaitedForToo() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let client = HTTPClient()
        let dated = limitedPaths(4, query: "per-second=1&retry-after=date")
        let unavailable = limitedPaths(3, query: "per-second=1&retry-after=none&status=503")

        let statuses = try await fetchAll(dated + unavailable, from: server, client: client)

        XCTAssertEqual(statuses, Array(repeating: 200, count: 7))
    }

    func testAHostAskingForLongerThanTheAppWaitsKeepsItsRefusal() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let paths = limitedPaths(2, query: "per-second=1&retry-after=3600")

        let statuses = try await fetchAll(paths, from: server, client: HTTPClient())

        XCTAssertEqual(statuses.sorted(), [200, 429], "an hour's wait is the picture's answer, not a frozen tile")
    }

    func testARequestWaitingForItsHostSaysWhichHostAndCanBeCancelled() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let client = HTTPClient()
        let paths = limitedPaths(3, query: "per-second=1&retry-after=30")
        _ = try await fetchAll([paths[0]], from: server, client: client)
        let refused = Task { try await client.send(HTTPRequest(url: server.url(paths[1]))) }
        try await waitUntil("the refused request waits for its host") { client.waitingHost(for: server.url(paths[1])) != nil }
        XCTAssertEqual(client.waitingHost(for: server.url(paths[1])), "127.0.0.1")
        // The next request for the host waits too, without being sent.
        let next = Task { try await client.send(HTTPRequest(url: server.url(paths[2]))) }
        try await waitUntil("the next request waits for its host") { client.waitingHost(for: server.url(paths[2])) != nil }

        refused.cancel()
        next.cancel()
        let results = [await refused.result, await next.result]

        for result in results {
            XCTAssertThrowsError(try result.get()) { XCTAssertEqual($0 as? HTTPError, .cancelled) }
        }
        XCTAssertNil(client.waitingHost(for: server.url(paths[2])))
        let sent = try await server.requestLog().filter { $0.path == paths[2] }
        XCTAssertEqual(sent.count, 0, "a request waiting for its host was never sent")
    }

    /// Through the client: three gateway errors pause the host (no request is sent while it
    /// is), and once the pause is over the next request goes out as its probe and resumes it.
    func testAPausedHostIsProbedOnceItsPauseEndsAndItsPicturesGoOn() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        var configuration = HTTPClient.Configuration()
        configuration.hostRules.pauseBackoff = Backoff(initialSeconds: 0.3, capSeconds: 0.3)
        let client = HTTPClient(configuration: configuration)
        for _ in 0..<3 {
            let status = try await client.send(HTTPRequest(url: server.url("/fault/status/502"))).head.status
            XCTAssertEqual(status, 502)
        }
        let picture = server.url("/img/32x24.png?tag=\(FixtureServer.uniqueTag())")
        let paused = await client.failure(of: HTTPRequest(url: picture))
        XCTAssertEqual(paused, .hostPaused(host: "127.0.0.1"))
        let unsent = try await server.requestCount(path: picture.path + "?" + (picture.query ?? ""))
        XCTAssertEqual(unsent, 0, "a paused host is not asked")

        var answer: HTTPResponse?
        let deadline = ContinuousClock.now + .seconds(30)
        while answer == nil {
            do {
                answer = try await client.send(HTTPRequest(url: picture))
            } catch {
                XCTAssertEqual(error, .hostPaused(host: "127.0.0.1"), "only the pause holds it back")
                guard ContinuousClock.now < deadline else { return XCTFail("the paused host was never probed") }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        XCTAssertEqual(answer?.head.status, 200, "the probe went out and the host answered")
        let after = try await client.send(HTTPRequest(url: picture)).head.status
        XCTAssertEqual(after, 200, "its pictures go on")
    }

    func testAHostThatStopsAnsweringIsPausedForAllItsPicturesAndResumesWhenItAnswers() async throws {
        var rules = HostPacing.Rules()
        rules.pauseBackoff = Backoff(initialSeconds: 0.5, capSeconds: 0.5)
        let pacing = HostPacing(rules: rules)
        let url = URL(string: "http://quiet.example/a.png")!, other = URL(string: "http://quiet.example/b.png")!
        for _ in 0..<3 {
            try await pacing.waitForTurn(url)
            _ = pacing.learn(from: .failure(.cannotConnect), for: url)
        }

        // Every picture of the host hears one word, without a request.
        for picture in [url, other] {
            do {
                try await pacing.waitForTurn(picture)
                XCTFail("a paused host was asked")
            } catch {
                XCTAssertEqual(error, .hostPaused(host: "quiet.example"))
                XCTAssertEqual(error.asLoadError, .hostPaused(host: "quiet.example"))
                XCTAssertTrue(error.asLoadError.isTransient, "its tiles try again by themselves")
            }
        }
        // Another host is not held back.
        try await pacing.waitForTurn(URL(string: "http://other.example/c.png")!)

        // Once the pause is over one request goes as its probe; the rest wait for its answer.
        let deadline = ContinuousClock.now + .seconds(30)
        while !(await takesTurn(pacing, other)) {
            XCTAssertLessThan(ContinuousClock.now, deadline, "the pause never ended")
            try await Task.sleep(for: .milliseconds(20))
        }
        let secondProbe = await takesTurn(pacing, url)
        XCTAssertFalse(secondProbe, "only one probe at a time")
        let answer = HTTPResponse(head: HTTPResponseHead(status: 200, headers: [:]), body: Data(), effectiveURL: other)
        _ = pacing.learn(from: .success(answer), for: other)
        let afterAnswer = await takesTurn(pacing, url)
        XCTAssertTrue(afterAnswer, "the host answered: all its pictures go on")
    }

    /// Whether `url` may be asked now, false while its host is paused.
    private func takesTurn(_ pacing: HostPacing, _ url: URL) async -> Bool {
        do {
            try await pacing.waitForTurn(url)
            return true
        } catch {
            return false
        }
    }
}
