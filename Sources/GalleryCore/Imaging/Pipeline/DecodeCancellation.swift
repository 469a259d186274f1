import Foundation

/// A flag a decode running on a worker thread checks between steps: while it waits for budget,
/// between the chunks it feeds its loader, and while a child renderer runs.
///
/// Swift task cancellation does not reach a dispatch-queue thread, so `ImageRepository` turns a
/// cancelled task into `cancel()` here. Thread-safe; cancelling twice is harmless.
public final class DecodeCancellation: @unchecked Sendable { // all state under `lock`
    private let lock = NSLock()
    private var cancelled = false
    private weak var waitingOn: DecodeBudget?
    private var handlers: [() -> Void] = []

    /// Who waits for the decode: a sandboxed decode of the viewer's page does not queue behind
    /// the grid's (`DecodeWorkerPool` keeps a worker for it).
    public let priority: SharedPriority

    public init(priority: SharedPriority = SharedPriority(.visible)) {
        self.priority = priority
    }

    public convenience init(priority: LoadPriority) {
        self.init(priority: SharedPriority(priority))
    }

    public var isCancelled: Bool { lock.withLock { cancelled } }

    public func cancel() {
        let (budget, handlers) = lock.withLock { () -> (DecodeBudget?, [() -> Void]) in
            guard !cancelled else { return (nil, []) }
            cancelled = true
            defer { self.handlers = [] }
            return (waitingOn, self.handlers)
        }
        budget?.wakeWaiters()
        handlers.forEach { $0() }
    }

    /// Runs `handler` on cancellation (at once when already cancelled) until `removeHandlers()`.
    func onCancel(_ handler: @escaping () -> Void) {
        let runNow = lock.withLock { () -> Bool in
            if cancelled { return true }
            handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    func removeHandlers() {
        lock.withLock { handlers = [] }
    }

    /// The budget this decode is blocked in, woken by `cancel()`.
    func wakes(_ budget: DecodeBudget?) {
        lock.withLock { waitingOn = budget }
    }
}

extension DecodeCancellation {
    private static let threadKey = "link-gallery.decode-cancellation"

    /// The cancellation of the decode running on this thread, like GLib's
    /// `g_cancellable_push_current`: `ImageRepository` sets it around the work it hands to a
    /// decode thread, so the decoders' signatures need not carry it through every layer.
    public static var current: DecodeCancellation? {
        Thread.current.threadDictionary[threadKey] as? DecodeCancellation
    }

    /// Runs `work` with `self` as this thread's `current`.
    public func makeCurrent<T>(during work: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[Self.threadKey]
        dictionary[Self.threadKey] = self
        defer { dictionary[Self.threadKey] = previous }
        return try work()
    }
}
