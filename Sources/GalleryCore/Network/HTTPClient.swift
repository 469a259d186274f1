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
    /// Each host's pace and pauses.
    let pacing: HostPacing

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        let reserve = max(0, configuration.interactiveReserve)
        let counted = max(1, min(configuration.maxConcurrentTransfers, configuration.maxConnectionsPerHost))
        slots = PriorityGate(.init(capacity: counted + reserve, keptForInteractive: reserve))
        connections = PriorityGate(.init(capacity: max(1, configuration.maxRunningTransfers) + reserve, keptForInteractive: reserve))
        worker = CurlMultiWorker(configuration: configuration)
        pacing = HostPacing(rules: configuration.hostRules)
    }

    deinit {
        worker.shutdown()
    }

    /// Performs the request. Any HTTP status is returned; only transport failures throw.
    /// Cancelling the calling task throws `.cancelled` at once and frees the transfer's place.
    ///
    /// Politely: the request first waits for its host's turn (`HostPacing`); a 429 or 503 the
    /// host asked to be waited for is sent again once that wait is over, up to `politeRetries`
    /// times; a transfer whose connection broke goes on from the bytes it had (`ResumePoint`),
    /// up to `resumeAttempts` times, after `resumeBackoff`.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try Self.validate(request.url)
        var resume: ResumePoint?, refusals = 0, breaks = 0
        while true {
            let start = try await pacing.waitForTurn(request.url)
            let journal = TransferJournal()
            guard let outcome = await transfer(request, resume: resume, journal: journal, turnTakenAt: start) else {
                continue // its host asked to be left alone while it waited for a connection
            }
            let askedToWait = pacing.learn(from: outcome, for: request.url, sentAt: start)
            switch outcome {
            case .success where askedToWait && refusals < configuration.politeRetries:
                refusals += 1
            case .success(let response):
                guard response.head.status == 206, let firstHead = resume?.firstHead else { return response }
                return response.withHead(firstHead)
            case .failure(.interrupted) where breaks < configuration.resumeAttempts:
                resume = ResumePoint.after(journal.last, previous: resume)
                do {
                    try await Task.sleep(for: .seconds(configuration.resumeBackoff.delay(forAttempt: breaks)))
                } catch {
                    throw .cancelled
                }
                breaks += 1
            case .failure(let error):
                throw error
            }
        }
    }

    /// One transfer, once the gates let it in; nil when its host asked to be left alone while
    /// it waited at them.
    private func transfer(
        _ request: HTTPRequest, resume: ResumePoint?, journal: TransferJournal, turnTakenAt start: ContinuousClock.Instant
    ) async -> Result<HTTPResponse, HTTPError>? {
        if request.reach == .publicOnly, ProxyEnvironment.proxies(request.url), AddressReach.namesLocalHost(request.url) {
            return .failure(.localAddressRefused)
        }
        var request = request
        request.headers.merge(resume?.headers ?? [:]) { _, range in range }
        let connection: PriorityGate.Pass, slot: PriorityGate.Pass
        do {
            connection = try await connections.enter(priority: request.priority)
            slot = try await slots.enter(priority: request.priority)
        } catch {
            return .failure(.cancelled)
        }
        defer {
            slot.release()
            connection.release()
        }
        if pacing.askedToWait(since: start, for: request.url) { return nil }
        let completion = TransferCompletion()
        let worker = self.worker
        let order = TransferOrder(request: request, completion: completion, slot: slot, resume: resume, journal: journal)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if completion.attach(continuation) {
                    worker.submit(order)
                }
            }
        } onCancel: {
            completion.cancel()
            worker.cancel(ObjectIdentifier(completion))
        }
    }

    /// The host `url` waits for, when its request is held back by its host's pace: what a tile
    /// says while it waits.
    public func waitingHost(for url: URL) -> String? {
        pacing.waitingHost(for: url)
    }

    /// The network came back: hosts paused for not answering are asked again at once.
    public func forgetHostFailures() {
        pacing.forgetFailures()
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
