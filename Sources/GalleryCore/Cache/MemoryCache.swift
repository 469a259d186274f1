import Synchronization

/// An in-memory LRU cache bounded by the total cost of its values (bytes of texture memory).
///
/// Entries live in an array-backed doubly linked list (indices, not references, so there is no
/// ARC traffic and no retain cycles), with a dictionary from key to slot: lookup, touch, insert
/// and eviction are all O(1). One `Mutex` guards everything; no operation blocks or calls out
/// while holding it, and evicted values are released after the lock is dropped.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state: Mutex<LRUList<Key, Value>>
    public let capacityBytes: Int

    public init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
        state = Mutex(LRUList())
    }

    /// The value for `key`, which becomes the most recently used.
    public func value(for key: Key) -> Value? {
        state.withLock { $0.touch(key) }
    }

    /// Stores `value`, evicting least recently used entries until the total cost fits. A value
    /// costing more than the whole capacity is not stored (and replaces nothing).
    public func insert(_ value: Value, for key: Key, cost: Int) {
        let evicted: [Value] = state.withLock { list in
            var evicted: [Value] = []
            if let old = list.remove(key) { evicted.append(old) }
            guard cost <= capacityBytes else { return evicted }
            list.insertAtFront(key: key, value: value, cost: max(0, cost))
            while list.totalCost > capacityBytes, let oldest = list.removeLeastRecent() {
                evicted.append(oldest)
            }
            return evicted
        }
        _ = evicted // released here, outside the lock (texture unrefs may take a moment)
    }

    @discardableResult
    public func removeValue(for key: Key) -> Value? {
        state.withLock { $0.remove(key) }
    }

    public func removeAll() {
        let old = state.withLock { list in
            let old = list
            list = LRUList()
            return old
        }
        _ = old
    }

    public var totalCost: Int { state.withLock { $0.totalCost } }
    public var count: Int { state.withLock { $0.count } }

    /// Keys from most to least recently used (for tests and diagnostics; O(n)).
    public var keysByRecency: [Key] { state.withLock { $0.keysFromMostRecent() } }
}
