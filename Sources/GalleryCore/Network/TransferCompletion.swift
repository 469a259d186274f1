import Synchronization

/// The one place a waiting `send` gets its answer. Three parties race to finish a transfer — the
/// curl thread, task cancellation and client shutdown — and the continuation must be resumed
/// exactly once, so the state lives behind a lock and whoever comes second finds nothing to resume.
final class TransferCompletion: Sendable {
    typealias Continuation = CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>

    private enum State {
        /// `send` has not installed its continuation yet.
        case notAttached
        /// Cancelled before the continuation was installed.
        case cancelledBeforeAttach
        case waiting(Continuation)
        case finished
    }

    private let state = Mutex(State.notAttached)

    /// Installs the continuation. Returns false (and resumes it with `.cancelled`) when the task was
    /// cancelled first; the caller must then not submit the transfer.
    func attach(_ continuation: Continuation) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            if case .cancelledBeforeAttach = state {
                state = .finished
                return true
            }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(returning: .failure(.cancelled)) }
        return !cancelled
    }

    /// Delivers the result unless someone else already did.
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        let continuation = state.withLock { state -> Continuation? in
            switch state {
            case .waiting(let continuation):
                state = .finished
                return continuation
            case .notAttached:
                // Cannot happen (transfers are submitted after attach), but never lose the result.
                state = .finished
                return nil
            case .cancelledBeforeAttach, .finished:
                return nil
            }
        }
        continuation?.resume(returning: result)
    }

    /// Finishes with `.cancelled` at once, so cancellation does not wait for the curl thread.
    func cancel() {
        let continuation = state.withLock { state -> Continuation? in
            switch state {
            case .notAttached:
                state = .cancelledBeforeAttach
                return nil
            case .waiting(let continuation):
                state = .finished
                return continuation
            case .cancelledBeforeAttach, .finished:
                return nil
            }
        }
        continuation?.resume(returning: .failure(.cancelled))
    }

    /// True once nobody is waiting for the transfer anymore: a queued one need not start.
    var isFinished: Bool {
        state.withLock { state in
            switch state {
            case .notAttached, .waiting: return false
            case .cancelledBeforeAttach, .finished: return true
            }
        }
    }
}
