import Foundation

/// Where a decode runs: ordinary images in one pool, heavy ones in a small pool of their own,
/// each starting its decodes by priority (`DecodePool`).
///
/// A decode that waits for `DecodeBudget` (a second 100-megapixel PNG) or for a child renderer
/// (an SVG, up to 10 s) would hold a thread the good images' thumbnails need: measured with
/// eight such PNGs, 16 good thumbnails took 16–23 s instead of under 1 s. So whatever may wait
/// long — a declared size over the budget's headroom, or an SVG — goes to the heavy pool.
enum DecodeThreads {
    /// Heavy decodes at once. A thread each, so a list of 200 SVGs does not make 200 threads
    /// that wait in `DecodeBudget.acquire`; the rest wait in line, holding no thread.
    static let heavyWidth = 4

    /// Ordinary decodes that are prefetches, at once: the viewer's neighbours and the tiles
    /// just off screen are decoded one at a time, so a page turned to or a tile on screen gets
    /// the other cores instead of sharing them with four prefetches.
    static let ordinaryPrefetchWidth = 1
    /// Ordinary decodes at once, and those of them below the page on screen: as many as there
    /// are sandboxed workers to decode them, and the workers those may use
    /// (`DecodeWorkerPool.shared`), so no thread starts only to wait for a worker.
    static let ordinaryWidth = DecodeWorkerPool.sharedSize
    static let ordinaryBelowInteractiveWidth = DecodeWorkerPool.sharedSize - 1

    private static let heavyPool = DecodePool(label: "link-gallery.heavy-decode", maxRunning: heavyWidth,
                                              maxRunningPrefetches: heavyWidth)
    private static let ordinaryPool = DecodePool(label: "link-gallery.decode", maxRunning: ordinaryWidth,
                                                 maxRunningBelowInteractive: ordinaryBelowInteractiveWidth,
                                                 maxRunningPrefetches: ordinaryPrefetchWidth)

    /// Heavy decodes queued or running, for tests that need the pool's state.
    static var heavyOperationCount: Int { heavyPool.count }

    /// Ordinary decodes waiting for their turn, for tests that need the pool's state.
    static var ordinaryWaitingCount: Int { ordinaryPool.waitingCount }

    /// Declared pixels above which a decode may wait for the budget: its headroom.
    static var heavyPixels: Int { DecodeBudget.shared.capacityPixels - DecodeBudget.shared.largestRequestPixels }

    /// Decided from the original's facts (its format and declared size), never its bytes.
    static func isHeavy(_ facts: OriginalFacts) -> Bool {
        if facts.format == .svg { return true }
        guard let size = facts.declaredSize else { return false }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow || pixels > heavyPixels
    }

    /// Runs `work` in the pool the facts choose, when `priority` (as it is then) gives it a turn.
    /// A decode cancelled while it waits ends at once with `CancellationError` and never runs.
    static func run<T: Sendable>(
        decoding facts: OriginalFacts, priority: SharedPriority = SharedPriority(.visible),
        _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try Task.checkCancellation()
        let pool = isHeavy(facts) ? heavyPool : ordinaryPool
        let turn = DecodeTurn<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard turn.wait(with: continuation) else { return }
                pool.submit(priority: priority) {
                    guard let continuation = turn.start() else { return } // cancelled while waiting
                    continuation.resume(with: Result { try work() })
                }
            }
        } onCancel: {
            turn.cancel()
        }
    }
}

/// One decode's place in line: its continuation is resumed once, by the decode when its
/// turn comes or by a cancel that arrives first.
private final class DecodeTurn<T: Sendable>: @unchecked Sendable { // state under `lock`
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
