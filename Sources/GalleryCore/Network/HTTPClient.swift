import Foundation

/// GET requests over libcurl, run on one dedicated thread so the cooperative pool never blocks.
/// At most `maxConcurrentTransfers` run at once (slow ones aside, see `Configuration`); the rest
/// wait, highest `LoadPriority` first.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try await client.send(HTTPRequest(url: url, priority: SharedPriority(.interactive)))
/// if response.head.isSuccess { use(response.body) }
/// ```
public final class HTTPClient: Sendable {
    public let configuration: Configuration
    private let worker: CurlMultiWorker

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        worker = CurlMultiWorker(configuration: configuration)
    }

    deinit {
        worker.shutdown()
    }

    /// Performs the request. Any HTTP status is returned; only transport failures throw.
    /// Cancelling the calling task throws `.cancelled` at once and frees the transfer's slot.
    /// A transfer waiting for a connection goes by `request.priority` as it is when one frees.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try Self.validate(request.url)
        let completion = TransferCompletion()
        let worker = self.worker
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if completion.attach(continuation) {
                    worker.submit(TransferOrder(request: request, completion: completion))
                }
            }
        } onCancel: {
            completion.cancel()
            worker.cancel(ObjectIdentifier(completion))
        }
        return try result.get()
    }

    /// Transfers waiting for a free slot, as of the curl thread's last turn (for tests).
    var queuedTransferCount: Int { worker.queuedCount.load(ordering: .relaxed) }

    /// Fails every queued and running transfer with `.cancelled` and stops the network thread.
    /// Later requests fail with `.cancelled` too.
    public func shutdown() {
        worker.shutdown()
    }

    /// Refuses what libcurl must never see, before it is queued: only http(s) URLs with a host.
    private static func validate(_ url: URL) throws(HTTPError) {
        guard let scheme = url.scheme?.lowercased() else { throw .invalidURL }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme }
        guard let host = url.host, !host.isEmpty else { throw .invalidURL }
    }
}
