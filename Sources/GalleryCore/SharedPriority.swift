import Synchronization

/// The priority of work several callers share (one download or decode for a tile, a prefetch and
/// the page a person turned to). It only rises: when an interactive request joins work a
/// prefetch started, the work goes on at interactive priority, and queues that hold it (the
/// HTTP client's pending transfers) read the new value when they pick what runs next.
public final class SharedPriority: Sendable {
    private let value: Mutex<LoadPriority>

    public init(_ initial: LoadPriority) { value = Mutex(initial) }

    public var current: LoadPriority { value.withLock { $0 } }

    /// Raises to `priority` if that is higher; returns whether it rose.
    @discardableResult
    public func raise(to priority: LoadPriority) -> Bool {
        value.withLock { current in
            guard priority > current else { return false }
            current = priority
            return true
        }
    }

    /// Sets the priority to `priority`, lower or not: the caller that raised it left.
    public func settle(to priority: LoadPriority) {
        value.withLock { $0 = priority }
    }
}
