import Synchronization

/// Remembers that the disk cache failed and tells the UI once, not on every failed write.
///
/// A problem found before anyone listens (the cache folder cannot be created at start-up) is
/// kept and delivered when the handler is registered.
public final class CacheProblemReporter: Sendable {
    private struct State {
        var detail: String?
        var delivered = false
        var handler: (@Sendable (String) -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// `handler` is called at most once, from any thread, with the technical detail; the UI words it.
    public func onFirstProblem(_ handler: @escaping @Sendable (String) -> Void) {
        let pending = state.withLock { state -> String? in
            state.handler = handler
            return takeUndelivered(&state)
        }
        if let pending { handler(pending) }
    }

    public var hasReported: Bool { state.withLock { $0.detail != nil } }

    func report(_ detail: String) {
        let delivery = state.withLock { state -> (String, @Sendable (String) -> Void)? in
            guard state.detail == nil else { return nil }
            state.detail = detail
            guard let handler = state.handler, let message = takeUndelivered(&state) else { return nil }
            return (message, handler)
        }
        if let (message, handler) = delivery { handler(message) }
    }

    private func takeUndelivered(_ state: inout State) -> String? {
        guard let detail = state.detail, !state.delivered, state.handler != nil else { return nil }
        state.delivered = true
        return detail
    }
}
