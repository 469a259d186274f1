import Synchronization

/// Remembers that the disk cache failed and tells the UI once, not on every failed write.
///
/// A problem found before anyone listens (the cache folder cannot be created at start-up) is
/// kept and delivered when the handler is registered.
public final class CacheProblemReporter: Sendable {
    private struct State {
        var problem: CacheProblem?
        var delivered = false
        var handler: (@Sendable (CacheProblem) -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// `handler` is called at most once, from any thread, with the problem; the UI words it.
    public func onFirstProblem(_ handler: @escaping @Sendable (CacheProblem) -> Void) {
        let pending = state.withLock { state -> CacheProblem? in
            state.handler = handler
            return takeUndelivered(&state)
        }
        if let pending { handler(pending) }
    }

    public var hasReported: Bool { state.withLock { $0.problem != nil } }

    func report(_ problem: CacheProblem) {
        let delivery = state.withLock { state -> (CacheProblem, @Sendable (CacheProblem) -> Void)? in
            guard state.problem == nil else { return nil }
            state.problem = problem
            guard let handler = state.handler, let message = takeUndelivered(&state) else { return nil }
            return (message, handler)
        }
        if let (message, handler) = delivery { handler(message) }
    }

    private func takeUndelivered(_ state: inout State) -> CacheProblem? {
        guard let problem = state.problem, !state.delivered, state.handler != nil else { return nil }
        state.delivered = true
        return problem
    }
}
