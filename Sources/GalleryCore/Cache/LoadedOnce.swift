import Synchronization

/// State a small cache-root file holds (the "not an image" verdicts, what servers said about
/// originals), read from disk on first use and kept under one lock after that. The first use
/// blocks on the read: call it on a disk queue.
final class LoadedOnce<State: Sendable>: Sendable {
    private let state: Mutex<State?>
    private let load: @Sendable () -> State

    init(load: @escaping @Sendable () -> State) {
        state = Mutex(nil)
        self.load = load
    }

    /// Runs `body` on the state, reading it first if nothing has yet.
    func withState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { stored in
            // Taken out, not copied: mutating a copy would copy a whole set of verdicts.
            var value = stored.take() ?? load()
            defer { stored = value }
            return body(&value)
        }
    }

    /// Runs `body` on the state only if it was read already (nothing to write otherwise).
    func ifLoaded<T>(_ body: (inout State) -> T) -> T? {
        state.withLock { stored in
            guard var value = stored.take() else { return nil }
            defer { stored = value }
            return body(&value)
        }
    }
}
