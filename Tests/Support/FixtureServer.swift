import Foundation
import Synchronization

/// Shared by every test target (target `GalleryTestSupport`).
/// Runs `Tests/Fixtures/fixture_server.py` (see its docstring for every endpoint) on 127.0.0.1.
///
/// Most tests use the process-wide `FixtureServer.shared()`; it stops when the test process exits.
/// Its request log is shared, so when a test asserts on the log it should request unique paths
/// (add `?tag=\(UUID())`, see `uniqueTag()`). Start a private `FixtureServer()` (and `stop()` it in
/// tearDown) when a test needs a log of its own.
///
/// ```swift
/// let server = try FixtureServer.shared()
/// let url = server.url("/img/320x240.png")
/// let hits = try await server.requestCount(path: "/img/320x240.png")
/// ```
public final class FixtureServer: Sendable {
    /// One entry of `GET /__log`, in arrival order.
    public struct LoggedRequest: Decodable, Sendable, Equatable {
        /// The request target as sent, query string included.
        public let path: String
        public let method: String
        /// The `Range` header, if any.
        public let range: String?
        public let userAgent: String?
        /// Body bytes the server wrote; nil while the handler is still running.
        public let bytesSent: Int?
        /// The conditional-request headers as received, to see what the client sent back.
        public let ifNoneMatch: String?
        public let ifModifiedSince: String?
        public let ifRange: String?
        /// The status the server answered with; nil while it has not.
        public let status: Int?
        /// When it arrived, in seconds of the server's monotonic clock.
        public let at: Double
    }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public let port: Int
    /// `http://127.0.0.1:<port>`
    public let baseURL: URL
    /// Served for every path no endpoint claims; `writeFile` puts files here.
    public let rootDirectory: URL

    private struct Running {
        let process: Process
        /// Held open so the server's `--exit-on-stdin-eof` watchdog fires only when we go away.
        let stdinPipe: Pipe
    }

    private let running: Mutex<Running?>

    private static let sharedServer = Result { try FixtureServer() }

    /// The server for the whole test process, started on first use.
    public static func shared() throws -> FixtureServer {
        try sharedServer.get()
    }

    public static var scriptURL: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/fixture_server.py")
    }

    /// Starts the server and waits for its `PORT <n>` line.
    public init() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("link-gallery-fixture-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let stderrLog = root.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: stderrLog.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.scriptURL.path, "--port", "0", "--root", root.path, "--exit-on-stdin-eof"]
        let stdoutPipe = Pipe()
        let stdinPipe = Pipe()
        process.standardOutput = stdoutPipe
        process.standardInput = stdinPipe
        // A file, not a pipe: nobody drains stderr, and a full pipe would freeze the server.
        process.standardError = try FileHandle(forWritingTo: stderrLog)
        try process.run()

        guard let line = Self.readLine(from: stdoutPipe.fileHandleForReading),
              line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            let log = (try? String(contentsOf: stderrLog, encoding: .utf8)) ?? ""
            throw StartError(description: "fixture server did not report its port: \(log)")
        }
        self.port = port
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        rootDirectory = root
        running = Mutex(Running(process: process, stdinPipe: stdinPipe))
    }

    deinit {
        stop()
    }

    /// `path` starts with "/" and may carry a query: `url("/img?w=10&h=10&fmt=png")`.
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }

    /// A string to make a path unique in the shared log: `"/img/8x8.png?tag=\(FixtureServer.uniqueTag())"`.
    public static func uniqueTag() -> String {
        UUID().uuidString.lowercased()
    }

    public func requestLog() async throws -> [LoggedRequest] {
        let body = try await LoopbackHTTP.get(port: port, path: "/__log")
        return try JSONDecoder().decode([LoggedRequest].self, from: body)
    }

    /// How many requests had exactly this request target (path plus query).
    public func requestCount(path: String) async throws -> Int {
        try await requestLog().filter { $0.path == path }.count
    }

    /// Polls the log until an entry matches, e.g. to know a request reached the server or that its
    /// handler finished (`bytesSent != nil`). Nil after `timeout`.
    public func firstLoggedRequest(
        timeout: Duration = .seconds(5),
        where predicate: @Sendable (LoggedRequest) -> Bool
    ) async throws -> LoggedRequest? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let match = try await requestLog().first(where: predicate) { return match }
            if ContinuousClock.now >= deadline { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Clears the request log and the `500-then-200` memory.
    public func resetLog() async throws {
        _ = try await LoopbackHTTP.get(port: port, path: "/__reset")
    }

    /// Writes a file under the served root and returns its URL on the server.
    @discardableResult
    public func writeFile(name: String, contents: Data) throws -> URL {
        try contents.write(to: rootDirectory.appendingPathComponent(name), options: .atomic)
        return url("/" + name)
    }

    @discardableResult
    public func writeFile(name: String, contents: String) throws -> URL {
        try writeFile(name: name, contents: Data(contents.utf8))
    }

    /// Terminates the server (SIGTERM, SIGKILL after 2 s) and waits for it to exit. Safe to call twice.
    public func stop() {
        guard let server = running.withLock({ running in running.take() }) else { return }
        server.process.terminate()
        // Not waitUntilExit(): off the main thread it spins a run loop at 100% CPU.
        let deadline = ContinuousClock.now + .seconds(2)
        while server.process.isRunning && ContinuousClock.now < deadline {
            usleep(10_000)
        }
        if server.process.isRunning {
            kill(server.process.processIdentifier, SIGKILL)
        }
        try? server.stdinPipe.fileHandleForWriting.close()
        try? FileManager.default.removeItem(at: rootDirectory)
    }

    /// Reads up to the first newline; nil at end of file.
    private static func readLine(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            guard let chunk = try? handle.read(upToCount: 1), let byte = chunk.first else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
