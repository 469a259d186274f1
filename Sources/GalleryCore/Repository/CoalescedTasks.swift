import Synchronization

/// Runs one task per key however many callers ask for it, and cancels it when all of them left.
///
/// Grid tiles and the viewer ask for the same URL at the same time; they must share one transfer.
/// Each caller waits on its own continuation, so a caller that is cancelled (a tile scrolled away)
/// returns at once while the others keep waiting; when the last caller leaves, the shared work is
/// cancelled too. A finished entry is removed before its callers resume, so a later request after a
/// failure starts afresh (that is how Retry works).
///
/// The work runs at the highest current priority of its callers: each caller brings a
/// `SharedPriority` that may change while it waits (a tile scrolled into view), and the work's
/// own `SharedPriority` follows the highest of them — up when a more urgent caller joins or
/// rises, back down when it leaves (a page flicked past goes back to being a prefetch instead
/// of overtaking the page shown now). Work started inside the operation with the work's
/// priority (a download inside a thumbnail) follows it in turn.
public final class CoalescedTasks<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>

    private struct Entry {
        /// Tells a finished task from a newer one started for the same key after a cancellation.
        let generation: Int
        let priority: SharedPriority
        var task: Task<Void, Never>?
        var waiters: [Int: Waiter] = [:]
        /// What each waiter asked for, and the id of the observation that follows it.
        var priorities: [Int: (priority: SharedPriority, observation: Int)] = [:]

        var highestPriority: LoadPriority? { priorities.values.map(\.priority.current).max() }
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

    /// The result of `operation` for `key`, starting it only if nobody runs it already.
    /// `operation` gets the work's priority, which follows the highest of its callers'.
    public func value(
        for key: Key,
        priority: SharedPriority,
        operation: @escaping @Sendable (SharedPriority) async throws -> Value
    ) async throws -> Value {
        let waiterID = state.withLock { state -> Int in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let observation = priority.observe { [weak self] _ in self?.followWaiters(of: key) }
                let started = state.withLock { state -> (Int, SharedPriority)? in
                    if Task.isCancelled {
                        continuation.resume(throwing: LoadError.cancelled)
                        return nil
                    }
                    if state.entries[key] != nil {
                        state.entries[key]?.waiters[waiterID] = continuation
                        state.entries[key]?.priorities[waiterID] = (priority, observation)
                        return nil
                    }
                    state.nextGeneration += 1
                    let shared = SharedPriority(priority.current)
                    state.entries[key] = Entry(generation: state.nextGeneration, priority: shared,
                                               waiters: [waiterID: continuation],
                                               priorities: [waiterID: (priority, observation)])
                    return (state.nextGeneration, shared)
                }
                if let started {
                    start(key: key, generation: started.0) { try await operation(started.1) }
                } else {
                    followWaiters(of: key)
                }
                if Task.isCancelled { priority.stopObserving(observation) }
            }
        } onCancel: {
            leave(key: key, waiterID: waiterID)
        }
    }

    /// Sets the work's priority to its waiters' highest.
    private func followWaiters(of key: Key) {
        let update = state.withLock { state -> (SharedPriority, LoadPriority)? in
            guard let entry = state.entries[key], let highest = entry.highestPriority else { return nil }
            return (entry.priority, highest)
        }
        if let (shared, highest) = update { shared.set(highest) }
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
        let entry = state.withLock { state -> Entry? in
            guard let entry = state.entries[key], entry.generation == generation else { return nil }
            state.entries[key] = nil
            return entry
        }
        guard let entry else { return }
        for (priority, observation) in entry.priorities.values { priority.stopObserving(observation) }
        for waiter in entry.waiters.values { waiter.resume(with: result) }
    }

    private func leave(key: Key, waiterID: Int) {
        let (waiter, left, orphanedTask) = state.withLock {
            state -> (Waiter?, (priority: SharedPriority, observation: Int)?, Task<Void, Never>?) in
            guard var entry = state.entries[key],
                  let waiter = entry.waiters.removeValue(forKey: waiterID) else { return (nil, nil, nil) }
            let left = entry.priorities.removeValue(forKey: waiterID)
            if entry.waiters.isEmpty {
                state.entries[key] = nil
                return (waiter, left, entry.task)
            }
            state.entries[key] = entry
            return (waiter, left, nil)
        }
        if let left { left.priority.stopObserving(left.observation) }
        followWaiters(of: key)
        waiter?.resume(throwing: LoadError.cancelled)
        orphanedTask?.cancel()
    }
}
