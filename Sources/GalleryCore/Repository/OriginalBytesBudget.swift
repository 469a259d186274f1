import Synchronization

/// Bytes of originals that thumbnail decodes may hold in memory at once.
///
/// A grid of camera photos downloads 9–20 MB per tile, six at a time, and decodes them on two
/// cores: unbounded, the finished bodies piled up waiting for a decode (heaptrack: 159 MiB of
/// the grid's 420 MiB peak with 14 photos). By the time a thumbnail asks here its original is
/// on disk, so it waits holding nothing and reads the file back only once its bytes fit.
///
/// Only finished downloads ask: a transfer still running (a slow or stalled server) holds no
/// share, so it can never keep other tiles' thumbnails waiting. The viewer never asks: its
/// pages do not wait behind the grid. Waiters are served by their priority as it is when room
/// frees (a tile scrolled into view goes ahead), then in order of arrival (`PriorityLine`);
/// a request larger than the capacity is cut to it (it then runs alone rather than never).
/// Waiting holds no thread and ends at once when the waiting task is cancelled.
final class OriginalBytesBudget: Sendable {
    let capacityBytes: Int

    private struct Waiter {
        let id: Int
        let bytes: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var held = 0
        var peak = 0
        var nextID = 0
        var waiters = PriorityLine<Waiter>()

        /// Grants from the head of the line while the head fits; returns whom to resume.
        mutating func grant(capacity: Int) -> [CheckedContinuation<Void, any Error>] {
            var granted: [CheckedContinuation<Void, any Error>] = []
            while let head = waiters.next, held + head.bytes <= capacity {
                _ = waiters.removeNext()
                held += head.bytes
                peak = max(peak, held)
                granted.append(head.continuation)
            }
            return granted
        }
    }

    private let state = Mutex(State())

    init(capacityBytes: Int) {
        self.capacityBytes = max(1, capacityBytes)
    }

    /// Bytes held right now.
    var heldBytes: Int { state.withLock { $0.held } }
    /// The most ever held at once since `resetPeak()`: what tests read.
    var peakBytes: Int { state.withLock { $0.peak } }
    /// Thumbnails waiting for room.
    var waitingCount: Int { state.withLock { $0.waiters.count } }

    func resetPeak() { state.withLock { $0.peak = $0.held } }

    /// Waits until `bytes` fit, then holds them until the share is released (or freed).
    /// Throws `CancellationError` when the calling task is cancelled first.
    func acquire(bytes: Int, priority: SharedPriority) async throws -> Share {
        let amount = min(max(0, bytes), capacityBytes)
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted = state.withLock { state -> [CheckedContinuation<Void, any Error>]? in
                    if Task.isCancelled { return nil }
                    state.waiters.append(Waiter(id: id, bytes: amount, continuation: continuation), priority: priority)
                    return state.grant(capacity: capacityBytes)
                }
                guard let granted else { return continuation.resume(throwing: CancellationError()) }
                granted.forEach { $0.resume() }
            }
        } onCancel: {
            let (left, granted) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, [CheckedContinuation<Void, any Error>]) in
                guard let left = state.waiters.removeAll(where: { $0.id == id }).first?.continuation else { return (nil, []) }
                // A large waiter leaving the head may let smaller ones behind it in.
                return (left, state.grant(capacity: capacityBytes))
            }
            left?.resume(throwing: CancellationError())
            granted.forEach { $0.resume() }
        }
        return Share(budget: self, bytes: amount)
    }

    fileprivate func release(_ bytes: Int) {
        let granted = state.withLock { state in
            state.held -= bytes
            return state.grant(capacity: capacityBytes)
        }
        granted.forEach { $0.resume() }
    }

    /// Bytes held until `release()`, or until the share is freed (a forgotten release cannot
    /// leak budget).
    final class Share: Sendable {
        let bytes: Int
        private let budget: OriginalBytesBudget
        private let released = Atomic(false)

        fileprivate init(budget: OriginalBytesBudget, bytes: Int) {
            self.budget = budget
            self.bytes = bytes
        }

        func release() {
            if !released.exchange(true, ordering: .acquiringAndReleasing) { budget.release(bytes) }
        }

        deinit { release() }
    }
}
