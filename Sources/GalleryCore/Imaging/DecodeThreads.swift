import Foundation

/// Where a decode runs: ordinary images on the shared decode queue, heavy ones on a small pool
/// of their own.
///
/// The decode queue has about one thread per core. A decode that waits for `DecodeBudget`
/// (a second 100-megapixel PNG) or for a child renderer (an SVG, up to 10 s) would hold one of
/// those threads, and the good images' thumbnails would queue behind it: measured with eight
/// such PNGs, 16 good thumbnails took 16–23 s instead of under 1 s. So whatever may wait
/// long — a declared size over the budget's headroom, or an SVG — goes to `heavyQueue`.
enum DecodeThreads {
    /// Heavy decodes at once. A thread each, so a list of 200 SVGs does not make 200 threads
    /// that wait in `DecodeBudget.acquire`; the rest wait in the queue, holding no thread.
    static let heavyWidth = 4

    private static let heavyPool = HeavyDecodePool(width: heavyWidth)

    /// Heavy decodes queued or running, for tests that need the pool's state.
    static var heavyOperationCount: Int { heavyPool.count }

    /// Declared pixels above which a decode may wait for the budget: its headroom.
    static var heavyPixels: Int { DecodeBudget.shared.capacityPixels - DecodeBudget.shared.largestRequestPixels }

    /// Decided from the original's facts (its format and declared size), never its bytes.
    static func isHeavy(_ facts: OriginalFacts) -> Bool {
        if facts.format == .svg { return true }
        guard let size = facts.declaredSize else { return false }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow || pixels > heavyPixels
    }

    /// `queue` is where an ordinary decode runs: `BlockingWork.decode`, or the prefetch queue for
    /// the viewer's neighbours. A heavy decode cancelled while it waits for its turn ends at
    /// once with `CancellationError` and never runs.
    ///
    /// Heavy decodes waiting for a thread start by `priority` as it is when one frees, then in
    /// the order they came: the page a person is looking at (an SVG, a large PNG) does not wait
    /// behind the grid's thumbnails queued before it, nor a tile scrolled into view behind the
    /// prefetches.
    static func run<T: Sendable>(
        decoding facts: OriginalFacts, on queue: DispatchQueue = BlockingWork.decode, priority: SharedPriority = SharedPriority(.visible),
        _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        guard isHeavy(facts) else { return try await BlockingWork.run(on: queue, work) }
        try Task.checkCancellation()
        let turn = HeavyTurn<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard turn.wait(with: continuation) else { return }
                heavyPool.submit(priority: priority) {
                    guard let continuation = turn.start() else { return } // cancelled while queued
                    continuation.resume(with: Result { try work() })
                }
            }
        } onCancel: {
            turn.cancel()
        }
    }
}

/// One heavy decode's place in line: its continuation is resumed once, by the decode when its
/// turn comes or by a cancel that arrives first.
private final class HeavyTurn<T: Sendable>: @unchecked Sendable { // state under `lock`
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Error>?
    private var ended = false

    /// False when already cancelled: `continuation` is resumed then and nothing is queued.
    func wait(with continuation: CheckedContinuation<T, Error>) -> Bool {
        let cancelled = lock.withLock {
            if !ended { self.continuation = continuation }
            return ended
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// The continuation to resume with the decode's result, or nil when it was cancelled.
    func start() -> CheckedContinuation<T, Error>? {
        lock.withLock {
            ended = true
            defer { continuation = nil }
            return continuation
        }
    }

    func cancel() {
        start()?.resume(throwing: CancellationError())
    }
}
