import Dispatch
import Synchronization

/// The one way in to anything scarce: transfers (`HTTPClient`), sandboxed decode workers and
/// the threads that talk to them (`DecodeThreads`), the originals' bytes thumbnails hold
/// (`ImageRepository.thumbnailOriginals`) and the decoded pixels the app holds
/// (`DecodeThreads.pixels`). Each is a gate with its own units and one policy:
///
/// - Waiters go in by their priority as it is when room frees (`PriorityLine`): a tile
///   scrolled into view passes the prefetches queued before it, a neighbour the person turns
///   to is raised while it waits. Within one priority, first come first served.
/// - `keptForInteractive` units only the picture a person is looking at may add to what is
///   held, so it never waits behind the grid; prefetches hold at most `prefetchLimit` units.
/// - A waiter that does not fit (a large original, a 100-megapixel page) lets smaller ones
///   behind it pass — up to `overtakeLimit` of them; then the line waits for it, so it is
///   never starved. A cost above what its priority may ever hold is cut to that: it then goes
///   in alone rather than never.
///
/// Waiting holds no thread: `enter` suspends its task and ends at once, with
/// `LoadError.cancelled` (the app's one word for it), when the task is cancelled. Room is given back by `Pass.release()`, or
/// when the pass is freed, so a forgotten release cannot leak it.
final class PriorityGate: Sendable {
    let policy: Policy
    private let state = Mutex(State())
    private let blockedThreads = Atomic(0)
    private let admissionDue = Atomic(false)

    init(_ policy: Policy) {
        self.policy = policy
    }

    /// Units held now.
    var held: Int { state.withLock { $0.held } }
    /// The most held at once since `resetPeak()`: what tests and benchmarks read.
    var peak: Int { state.withLock { $0.peak } }
    /// Waiters in line.
    var waitingCount: Int { state.withLock { $0.line.count } }
    /// How many times a thread was blocked in `waitForPass`: never on the app's own paths.
    var blockedThreadCount: Int { blockedThreads.load(ordering: .relaxed) }

    func resetPeak() { state.withLock { $0.peak = $0.held } }

    /// Waits for `cost` units (cut to what `priority` may hold), holding no thread. When nobody
    /// waits and they fit, they are taken at once, without suspending the task (a page turned
    /// to, on an idle machine, goes straight to its decode).
    func enter(cost: Int = 1, priority: SharedPriority) async throws -> Pass {
        if Task.isCancelled { throw LoadError.cancelled }
        if let pass = enterAtOnce(cost: cost, priority: priority) { return pass }
        return try await enterInLine(cost: cost, priority: priority)
    }

    private func enterAtOnce(cost: Int, priority: SharedPriority) -> Pass? {
        let id = state.withLock { state -> Int? in
            guard state.line.isEmpty else { return nil } // those waiting go first
            let level = priority.current
            let amount = min(max(0, cost), policy.limit(for: level))
            guard amount <= state.room(for: level, policy) else { return nil }
            state.nextID += 1
            state.change(level, by: amount)
            state.holdings[state.nextID] = Holding(amount: amount, priority: level)
            return state.nextID
        }
        return id.map { Pass(gate: self, id: $0) }
    }

    private func enterInLine(cost: Int, priority: SharedPriority) async throws -> Pass {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(id: id, cost: cost, priority: priority, checksCancellation: true) { continuation.resume(with: $0) }
            }
        } onCancel: {
            leave(id)
        }
    }

    /// As `enter`, blocking the calling thread: only for callers outside the app's own paths
    /// (tests and tools that decode from their own threads). Counted in `blockedThreadCount`.
    func waitForPass(cost: Int = 1, priority: SharedPriority) -> Pass {
        blockedThreads.add(1, ordering: .relaxed)
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        let done = DispatchSemaphore(value: 0)
        let pass = Mutex<Pass?>(nil)
        join(id: id, cost: cost, priority: priority, checksCancellation: false) { result in
            pass.withLock { $0 = try? result.get() }
            done.signal()
        }
        done.wait()
        return pass.withLock { $0! } // only a cancellation fails a join, and this one is never cancelled
    }

    private func join(
        id: Int, cost: Int, priority: SharedPriority, checksCancellation: Bool,
        admit: @escaping @Sendable (Result<Pass, any Error>) -> Void
    ) {
        // The priority followed live: a raise may let this one in at once. Held strongly until
        // the waiter is let in or leaves (both stop the observing): a weak reference would give
        // every gate a side table LeakSanitizer cannot see into (a leak report in the fuzzers).
        let observer = priority.observe { [self] _ in priorityChanged(id, priority) }
        let admitted = state.withLock { state -> [(waiter: Waiter, amount: Int)]? in
            // Read under the lock: a cancel after this finds the waiter in line (`leave`).
            if checksCancellation, Task.isCancelled { return nil }
            let waiter = Waiter(id: id, cost: cost, priority: priority, observer: observer, admit: admit)
            state.line.append(waiter, id: id, priority: priority.current)
            return state.admit(policy)
        }
        guard let admitted else {
            priority.stopObserving(observer)
            return admit(.failure(LoadError.cancelled))
        }
        deliver(admitted)
    }

    /// A waiter's priority changed (on the caller's thread, often the main one): it moves to
    /// its new place at once, and the line is looked at again soon, off that thread.
    private func priorityChanged(_ id: Int, _ priority: SharedPriority) {
        state.withLock { $0.line.move(id, to: priority.current) }
        scheduleAdmission()
    }

    /// A cancelled waiter leaves the line; one admitted already keeps its pass. (Called on the
    /// cancelling thread, often the main one: the line is looked at again off it.)
    private func leave(_ id: Int) {
        let left = state.withLock { state -> Waiter? in
            guard let left = state.line.remove(id) else { return nil }
            state.overtaken[id] = nil
            return left
        }
        guard let left else { return }
        left.priority.stopObserving(left.observer)
        left.admit(.failure(LoadError.cancelled))
        // A large waiter leaving may let smaller ones behind it in.
        scheduleAdmission()
    }

    private func admitWhatFits() {
        deliver(state.withLock { $0.admit(policy) })
    }

    /// The line is looked at again soon, off the caller's thread: the grid sets hundreds of
    /// tiles' priorities in one scroll step on the main thread (looking each time there made
    /// stalls of 250 ms while scrolling 10,000 tiles). Changes that come while a look is due go
    /// with it.
    private func scheduleAdmission() {
        guard !admissionDue.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            admissionDue.store(false, ordering: .releasing)
            admitWhatFits()
        }
    }

    private func deliver(_ admitted: [(waiter: Waiter, amount: Int)]) {
        for (waiter, _) in admitted {
            waiter.priority.stopObserving(waiter.observer)
            waiter.admit(.success(Pass(gate: self, id: waiter.id)))
        }
    }

    fileprivate func release(_ id: Int) {
        let admitted = state.withLock { state -> [(waiter: Waiter, amount: Int)] in
            guard let holding = state.holdings.removeValue(forKey: id) else { return [] }
            state.change(holding.priority, by: -holding.amount)
            return state.admit(policy)
        }
        deliver(admitted)
    }

    fileprivate func shrink(_ id: Int, to amount: Int) {
        let admitted = state.withLock { state -> [(waiter: Waiter, amount: Int)] in
            guard let holding = state.holdings[id], amount < holding.amount else { return [] }
            state.change(holding.priority, by: max(0, amount) - holding.amount)
            state.holdings[id]?.amount = max(0, amount)
            return state.admit(policy)
        }
        deliver(admitted)
    }

    /// Whether `pass` is one of this gate's.
    func issued(_ pass: Pass) -> Bool { pass.gate === self }

    fileprivate func amount(of id: Int) -> Int {
        state.withLock { $0.holdings[id]?.amount ?? 0 }
    }

    /// Room held until `release()`, or until the pass is freed.
    final class Pass: Sendable {
        fileprivate let gate: PriorityGate
        private let id: Int
        private let released = Atomic(false)

        fileprivate init(gate: PriorityGate, id: Int) {
            self.gate = gate
            self.id = id
        }

        /// The units it holds now (0 once released).
        var amount: Int { gate.amount(of: id) }

        /// Gives back what the work turned out not to need (a page smaller than its bound).
        func shrink(to amount: Int) {
            gate.shrink(id, to: amount)
        }

        func release() {
            if !released.exchange(true, ordering: .acquiringAndReleasing) { gate.release(id) }
        }

        deinit { release() }
    }
}
