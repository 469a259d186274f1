import Foundation

/// GET requests over libcurl, run on one dedicated thread so the cooperative pool never blocks.
/// A request waits for its turn in two gates, by `LoadPriority` as it is while it waits:
/// `slots`, at most `maxConcurrentTransfers` transfers that count (slow ones stop counting, see
/// `Configuration`), and `connections`, at most `maxRunningTransfers` in all; each keeps
/// `interactiveReserve` for the links file and the viewer's picture.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try await client.send(HTTPRequest(url: url, priority: SharedPriority(.interactive)))
/// if response.head.isSuccess { use(response.body) }
/// ```
public final class HTTPClient: Sendable {
    public let configuration: Configuration
    private let worker: CurlMultiWorker
    /// Transfers that count against `maxConcurrentTransfers`. No more than connections to one
    /// host: on a single host, transfers beyond them would wait inside libcurl in arrival
    /// order, not ours.
    let slots: PriorityGate
    /// Every running transfer, slow ones included: what a few hostile servers can hold.
    let connections: PriorityGate

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        let reserve = max(0, configuration.interactiveReserve)
        let counted = max(1, min(configuration.maxConcurrentTransfers, configuration.maxConnectionsPerHost))
        slots = PriorityGate(.init(capacity: counted + reserve, keptForInteractive: reserve))
        connections = PriorityGate(.init(capacity: max(1, configuration.maxRunningTransfers) + reserve, keptForInteractive: reserve))
        worker = CurlMultiWorker(configuration: configuration)
    }

    deinit {
        worker.shutdown()
    }

    /// Performs the request. Any HTTP status is returned; only transport failures throw.
    /// Cancelling the calling task throws `.cancelled` at once and frees the transfer's place.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try Self.validate(request.url)
        let connection: PriorityGate.Pass, slot: PriorityGate.Pass
        do {
            connection = try await connections.enter(priority: request.priority)
            slot = try await slots.enter(priority: request.priority)
        } catch {
            throw .cancelled
        }
        defer {
            slot.release()
            connection.release()
        }
        let completion = TransferCompletion()
        let worker = self.worker
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if completion.attach(continuation) {
                    worker.submit(TransferOrder(request: request, completion: completion, slot: slot))
                }
            }
        } onCancel: {
            completion.cancel()
            worker.cancel(ObjectIdentifier(completion))
        }
        return try result.get()
    }

    /// Transfers waiting for their turn (for tests).
    var queuedTransferCount: Int { slots.waitingCount + connections.waitingCount }

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
