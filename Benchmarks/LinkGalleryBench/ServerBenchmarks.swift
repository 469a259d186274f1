import Foundation
import GalleryCore
import GalleryTestSupport

/// Real servers (issue 53): a host that limits how fast it is asked, and a connection that
/// breaks halfway through a photo. Each against the floor the server allows.
enum ServerBenchmarks {
    static let explanation = """
        First row: 30 thumbnails through the app's repository (its HTTP client, disk cache and \
        sandboxed decoders, a fresh cache each run) from the fixture server's `/fault/rate-limit`, \
        which serves four requests a second (a bucket of four, refilled as it empties) and \
        answers the rest 429 with `Retry-After: 2`; the time until the last thumbnail, against \
        the floor the limit allows (30 at four a second: 7.5 s, as issue 53 counts it), and \
        the refusals the host sent (before: 98, and the last picture at 60.5 s). Second row: a \
        10 MB photo whose first two answers the server breaks halfway with a TCP reset \
        (`/fault/breaks`), fetched by the app's HTTP client: the bytes the server sent against \
        the photo's size (before: 2.00×, each try from zero).
        """

    static var rows: [BenchmarkSuite.Row] { [rateLimitedHost, brokenTwice] }

    static func rateLimitedHost(_ context: BenchContext) -> BenchmarkRow {
        let name = "30 thumbnails behind a 4-per-second limit"
        return BenchmarkRow.attempt(name) {
            let server = try FixtureServer()
            defer { server.stop() }
            var samples: [Duration] = [], refusals: [Int] = []
            for run in 0..<max(1, min(context.runs, 3)) {
                let key = "bench-\(run)-\(UUID().uuidString)"
                let urls = (0..<30).map { server.url("/fault/rate-limit/\(key)/img/320x240/jpg?seed=\($0)&per-second=4&retry-after=2") }
                let cache = context.workFolder.appendingPathComponent("rate-limit-cache-\(run)")
                try? FileManager.default.removeItem(at: cache)
                let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: cache))
                let started = ContinuousClock.now
                try BlockingRun.run {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for url in urls { group.addTask { _ = try await repository.thumbnail(for: url, priority: .visible) } }
                        try await group.waitForAll()
                    }
                }
                samples.append(ContinuousClock.now - started)
                refusals.append(try blockingLog(server).filter { $0.path.contains(key) && $0.status == 429 }.count)
            }
            return BenchmarkRow(name: name, app: Timing(samples: samples), reference: Timing(samples: [.milliseconds(7500)]),
                                referenceName: "the limit's floor",
                                note: "refusals: \(refusals.map(String.init).joined(separator: ", ")) (before: 98)")
        }
    }

    static func brokenTwice(_ context: BenchContext) -> BenchmarkRow {
        let name = "A 10 MB photo whose connection breaks twice"
        return BenchmarkRow.attempt(name) {
            let server = try FixtureServer()
            defer { server.stop() }
            var generator = SplitMix64(seed: 10)
            let photo = Data((0..<10_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            _ = try server.writeFile(name: "photo.jpg", contents: photo)
            let path = "/fault/breaks/bench-\(UUID().uuidString)/2/photo.jpg"
            let received = BlockingRun.Box(Data())
            try BlockingRun.run { received.value = try await HTTPClient().send(HTTPRequest(url: server.url(path), maxBodyBytes: 16 << 20)).body }
            guard received.value == photo else { throw ServerBenchmarkFailure(description: "the photo did not arrive whole") }
            let log = try blockingLog(server).filter { $0.path == path }
            let sent = log.compactMap(\.bytesSent).reduce(0, +)
            return BenchmarkRow(name: name, app: "\(sent) bytes sent", reference: "its size: \(photo.count) bytes",
                                ratio: String(format: "%.2f×", Double(sent) / Double(photo.count)),
                                note: "\(log.count) requests: \(log.map { $0.status.map(String.init) ?? "?" }.joined(separator: ", ")) (before: 2.00×)")
        }
    }

    private static func blockingLog(_ server: FixtureServer) throws -> [FixtureServer.LoggedRequest] {
        let log = BlockingRun.Box<[FixtureServer.LoggedRequest]>([])
        try BlockingRun.run { log.value = try await server.requestLog() }
        return log.value
    }

    struct ServerBenchmarkFailure: Error, CustomStringConvertible { let description: String }
}
