import Synchronization

/// Runs one task per key however many callers ask for it, and cancels it when all of them left.
///
/// Grid tiles and the viewer ask for the same URL at the same time; they must share one transfer.
/// Each caller waits on its own continuation, so a caller that is cancelled (a tile scrolled away)
/// returns at once while the others keep waiting; when the last caller leaves, the shared work is
/// cancelled too. A finished entry is removed before its callers resume, so a later request after a
/// failure starts afresh (that is how Retry works).
///
/// The work runs at the highest priority of its callers: a caller that joins with a higher
/// priority raises the shared `SharedPriority` the operation was given (a page turn that joins a
/// prefetch's download is not left queued behind other prefetches), and when it leaves, the
/// priority drops back to the highest of those still waiting (a page flicked past goes back to
/// being a prefetch instead of overtaking the page shown now).
public final class CoalescedTasks<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>

    private struct Entry {
        /// Tells a finished task from a newer one started for the same key after a cancellation.
        let generation: Int
        let priority: SharedPriority
        var task: Task<Void, Never>?
        var waiters: [Int: Waiter] = [:]
        /// What each waiter asked for.
        var priorities: [Int: LoadPriority] = [:]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var nextWaiterID = 0
        var nextGeneration = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Number of keys with work in flight (for tests and diagnostics).
    public var inFlightCount: Int { state.withLock { $0.entries.count } }

    /// Callers waiting for `key` (for tests and diagnostics).
    public func waiterCount(for key: Key) -> Int { state.withLock { $0.entries[key]?.waiters.count ?? 0 } }

    /// Returns the result of `operation` for `key`, starting it only if nobody runs it already.
    public func value(
        for key: Key,
        operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await value(for: key, priority: .visible) { _ in try await operation() }
    }

    /// As `value(for:operation:)`, with the work's priority: `operation` gets the shared
    /// priority, which rises when a caller with a higher `priority` joins.
    public func value(
        for key: Key,
        priority: LoadPriority,
        operation: @escaping @Sendable (SharedPriority) async throws -> Value
    ) async throws -> Value {
        let waiterID = state.withLock { state -> Int in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let started = state.withLock { state -> (Int, SharedPriority)? in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return nil
                    }
                    if let entry = state.entries[key] {
                        state.entries[key]?.waiters[waiterID] = continuation
                        state.entries[key]?.priorities[waiterID] = priority
                        entry.priority.raise(to: priority)
                        return nil
                    }
                    state.nextGeneration += 1
                    let shared = SharedPriority(priority)
                    state.entries[key] = Entry(generation: state.nextGeneration, priority: shared,
                                               waiters: [waiterID: continuation], priorities: [waiterID: priority])
                    return (state.nextGeneration, shared)
                }
                if let started {
                    start(key: key, generation: started.0) { try await operation(started.1) }
                }
            }
        } onCancel: {
            leave(key: key, waiterID: waiterID)
        }
    }

    private func start(key: Key, generation: Int, operation: @escaping @Sendable () async throws -> Value) {
        let task = Task {
            let result: Result<Value, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            finish(key: key, generation: generation, with: result)
        }
        let abandoned = state.withLock { state -> Bool in
            guard state.entries[key]?.generation == generation else { return true }
            state.entries[key]?.task = task
            return false
        }
        if abandoned { task.cancel() }
    }

    private func finish(key: Key, generation: Int, with result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [Waiter] in
            guard let entry = state.entries[key], entry.generation == generation else { return [] }
            state.entries[key] = nil
            return Array(entry.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    private func leave(key: Key, waiterID: Int) {
        let (waiter, orphanedTask) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
            guard var entry = state.entries[key],
                  let waiter = entry.waiters.removeValue(forKey: waiterID) else { return (nil, nil) }
            if entry.waiters.isEmpty {
                state.entries[key] = nil
                return (waiter, entry.task)
            }
            entry.priorities[waiterID] = nil
            if let highest = entry.priorities.values.max() { entry.priority.settle(to: highest) }
            state.entries[key] = entry
            return (waiter, nil)
        }
        waiter?.resume(throwing: CancellationError())
        orphanedTask?.cancel()
    }
}
