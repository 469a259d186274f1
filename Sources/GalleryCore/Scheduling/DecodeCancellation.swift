import Foundation
import Synchronization

/// A flag a decode running on a decode thread checks between steps: between the chunks it
/// feeds its loader, and while its worker decodes (a cancelled decode's worker is stopped).
/// It also carries back which library refused the picture, when one did (`refusedBy`).
///
/// Swift task cancellation does not reach a dispatch-queue thread, so `ImageRepository` turns a
/// cancelled task into `cancel()` here. Thread-safe; cancelling twice is harmless.
public final class DecodeCancellation: Sendable {
    private struct State {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
        var refusedBy: String?
    }

    private let state = Mutex(State())

    /// Who waits for the decode, as it is now.
    public let priority: SharedPriority

    public init(priority: SharedPriority = SharedPriority(.visible)) {
        self.priority = priority
    }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        handlers.forEach { $0() }
    }

    /// Runs `handler` on cancellation (at once when already cancelled) until `removeHandlers()`.
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    func removeHandlers() {
        state.withLock { $0.handlers = [] }
    }

    /// The library that refused the decode's picture (`DecoderRefusal`), once it failed.
    var refusedBy: String? {
        get { state.withLock { $0.refusedBy } }
        set { state.withLock { $0.refusedBy = newValue } }
    }
}

extension DecodeCancellation {
    private static let threadKey = "link-gallery.decode-cancellation"

    /// The cancellation of the decode running on this thread, like GLib's
    /// `g_cancellable_push_current`: `ImageRepository` sets it around the work it hands to a
    /// decode thread, so the decoders' signatures need not carry it through every layer.
    public static var current: DecodeCancellation? {
        ThreadCurrent.value(for: threadKey)
    }

    /// Runs `work` with `self` as this thread's `current`.
    public func makeCurrent<T>(during work: () throws -> T) rethrows -> T {
        try ThreadCurrent.with(self, for: Self.threadKey, during: work)
    }
}
