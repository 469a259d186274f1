import Foundation
import GalleryTestSupport
import GalleryCore
import XCTest

/// Cancellation, concurrency limits, priorities and shutdown.
final class HTTPClientSchedulingTests: XCTestCase {
    func testCancellingAHangingRequestReturnsPromptlyAndFreesItsSlot() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient(configuration: .init(maxConcurrentTransfers: 1))
        let path = "/fault/hang?tag=\(FixtureServer.uniqueTag())"
        let hanging = Task { await client.failure(of: HTTPRequest(url: server.url(path))) }
        let arrived = try await server.firstLoggedRequest { $0.path == path }
        XCTAssertNotNil(arrived, "the request never reached the server")

        let cancelledAt = ContinuousClock.now
        hanging.cancel()
        let error = await hanging.value

        XCTAssertEqual(error, .cancelled)
        XCTAssertLessThan(ContinuousClock.now - cancelledAt, .milliseconds(500))
        // The only slot is free again: a new request does not queue behind the dead one.
        let next = try await client.send(HTTPRequest(url: server.url("/text/plain.txt")))
        XCTAssertEqual(next.head.status, 200)
    }

    func testCancelledQueuedRequestNeverStarts() async throws {
        // A server of its own: the shared one's log grows with every test, and reading it back
        // took longer than the blocker's 600 ms on a loaded machine, so the queued request found
        // the slot free before it was cancelled.
        let server = try FixtureServer()
        defer { server.stop() }
        let client = HTTPClient(configuration: .init(maxConcurrentTransfers: 1))
        let tag = FixtureServer.uniqueTag()
        let blockerPath = "/fault/slow/600/text/plain.txt?tag=\(tag)"
        let queuedPath = "/text/plain.txt?queued=\(tag)"
        let blocker = Task { try await client.send(HTTPRequest(url: server.url(blockerPath))) }
        _ = try await server.firstLoggedRequest { $0.path == blockerPath }
        let queued = Task { await client.failure(of: HTTPRequest(url: server.url(queuedPath))) }
        try await Task.sleep(for: .milliseconds(100))

        queued.cancel()
        let queuedError = await queued.value
        let blockerStatus = try await blocker.value.head.status
        // One more request through the single slot: had the cancelled one started, it came first.
        _ = try await client.send(HTTPRequest(url: server.url("/text/plain.txt?after=\(tag)")))

        XCTAssertEqual(queuedError, .cancelled)
        XCTAssertEqual(blockerStatus, 200)
        let count = try await server.requestCount(path: queuedPath)
        XCTAssertEqual(count, 0)
    }

    func testRequestFromAnAlreadyCancelledTaskNeverStarts() async throws {
        let server = try FixtureServer.shared()
        let path = "/text/plain.txt?tag=\(FixtureServer.uniqueTag())"
        let client = HTTPClient()

        let error = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await client.failure(of: HTTPRequest(url: server.url(path)))
        }.value
        _ = try await client.send(HTTPRequest(url: server.url("/text/plain.txt")))

        XCTAssertEqual(error, .cancelled)
        let count = try await server.requestCount(path: path)
        XCTAssertEqual(count, 0)
    }

    func testTwentyConcurrentRequestsAllSucceed() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient()
        let tag = FixtureServer.uniqueTag()

        let bodies = try await withThrowingTaskGroup(of: (Int, HTTPResponse).self) { group in
            for seed in 1...20 {
                let url = server.url("/img?w=48&h=32&fmt=png&seed=\(seed)&tag=\(tag)")
                group.addTask { (seed, try await client.send(HTTPRequest(url: url))) }
            }
            var bodies: [Int: Data] = [:]
            for try await (seed, response) in group {
                XCTAssertEqual(response.head.status, 200)
                XCTAssertEqual(response.head.contentType, "image/png")
                bodies[seed] = response.body
            }
            return bodies
        }

        XCTAssertEqual(bodies.count, 20)
        XCTAssertEqual(Set(bodies.values).count, 20, "each request got its own image")
        let served = try await server.requestLog().filter { $0.path.contains(tag) }
        XCTAssertEqual(served.count, 20)
    }

    func testQueuedRequestsStartByPriorityThenArrivalOrder() async throws {
        let server = try FixtureServer.shared()
        // No reserved interactive slots: this test is about the order of the queue.
        let client = HTTPClient(configuration: .init(maxConcurrentTransfers: 1, interactiveReserve: 0))
        let tag = FixtureServer.uniqueTag()
        let blockerPath = "/fault/slow/1200/text/plain.txt?tag=\(tag)&name=blocker"
        let blocker = Task { try await client.send(HTTPRequest(url: server.url(blockerPath))) }
        _ = try await server.firstLoggedRequest { $0.path == blockerPath }

        // Submitted in this order while the only slot is busy.
        let submissions: [(name: String, priority: LoadPriority)] = [
            ("prefetch-1", .prefetch), ("prefetch-2", .prefetch), ("visible-1", .visible),
            ("interactive-1", .interactive), ("prefetch-3", .prefetch), ("interactive-2", .interactive),
        ]
        let order = try await Self.serverOrder(of: submissions, after: blocker, client: client, server: server, tag: tag)
        XCTAssertEqual(order, [
            "blocker", "interactive-1", "interactive-2", "visible-1", "prefetch-1", "prefetch-2", "prefetch-3",
        ])
    }

    /// A transfer waiting inside libcurl for a connection to its host has met no slow server yet:
    /// it keeps its slot however long it waits, so the next ones stay in our queue, by priority,
    /// instead of joining libcurl's queue in arrival order.
    func testRequestsWaitingForAConnectionToOneHostStillStartByPriority() async throws {
        let server = try FixtureServer.shared()
        // One connection and one slot; the blocker counts as slow 200 ms after it connected.
        let client = HTTPClient(configuration: .init(
            slotGracePeriod: .milliseconds(200), interactiveReserve: 0, maxConnectionsPerHost: 1))
        defer { client.shutdown() }
        let tag = FixtureServer.uniqueTag()
        let blockerPath = "/fault/slow/4000/text/plain.txt?tag=\(tag)&name=blocker"
        let blocker = Task { try await client.send(HTTPRequest(url: server.url(blockerPath))) }
        _ = try await server.firstLoggedRequest { $0.path == blockerPath }

        // The first takes the slot the silent blocker gives up (it is the most urgent, so it is the
        // one that starts whenever that happens) and waits in libcurl for the one connection.
        let submissions: [(name: String, priority: LoadPriority)] = [
            ("interactive-0", .interactive),
            ("prefetch-1", .prefetch), ("prefetch-2", .prefetch), ("visible-1", .visible), ("prefetch-3", .prefetch),
            ("interactive-1", .interactive), ("visible-2", .visible), ("prefetch-4", .prefetch),
            ("interactive-2", .interactive), ("visible-3", .visible), ("prefetch-5", .prefetch),
        ]
        let order = try await Self.serverOrder(of: submissions, after: blocker, client: client, server: server, tag: tag)
        XCTAssertEqual(order, [
            "blocker", "interactive-0", "interactive-1", "interactive-2", "visible-1", "visible-2", "visible-3",
            "prefetch-1", "prefetch-2", "prefetch-3", "prefetch-4", "prefetch-5",
        ])
    }

    func testShutdownFailsRunningAndQueuedRequests() async throws {
        let server = try FixtureServer.shared()
        let client = HTTPClient(configuration: .init(maxConcurrentTransfers: 1))
        let hangPath = "/fault/hang?tag=\(FixtureServer.uniqueTag())"
        let running = Task { await client.failure(of: HTTPRequest(url: server.url(hangPath))) }
        _ = try await server.firstLoggedRequest { $0.path == hangPath }
        let queued = Task { await client.failure(of: HTTPRequest(url: server.url("/text/plain.txt"))) }
        try await Task.sleep(for: .milliseconds(100))

        let shutdownAt = ContinuousClock.now
        client.shutdown()
        let runningError = await running.value
        let queuedError = await queued.value
        let lateError = await client.failure(of: HTTPRequest(url: server.url("/text/plain.txt")))

        XCTAssertEqual(runningError, .cancelled)
        XCTAssertEqual(queuedError, .cancelled)
        XCTAssertEqual(lateError, .cancelled)
        XCTAssertLessThan(ContinuousClock.now - shutdownAt, .milliseconds(500))
    }

    /// Submits `submissions` one after another while `blocker` holds the slot, waits for all,
    /// and returns the names in the order the server saw them (the blocker's first).
    private static func serverOrder(
        of submissions: [(name: String, priority: LoadPriority)], after blocker: Task<HTTPResponse, any Error>,
        client: HTTPClient, server: FixtureServer, tag: String
    ) async throws -> [String] {
        var queued: [Task<HTTPResponse, any Error>] = []
        for submission in submissions {
            let url = server.url("/text/plain.txt?tag=\(tag)&name=\(submission.name)")
            queued.append(Task { try await client.send(HTTPRequest(url: url, priority: SharedPriority(submission.priority))) })
            // Lets each task reach the queue before the next one, so arrival order is known.
            try await Task.sleep(for: .milliseconds(100))
        }
        _ = try await blocker.value
        for task in queued { _ = try await task.value }
        return try await server.requestLog()
            .filter { $0.path.contains(tag) }
            .compactMap { URLComponents(string: $0.path)?.queryItems?.first { $0.name == "name" }?.value }
    }
}
