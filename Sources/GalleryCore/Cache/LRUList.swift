/// The storage behind `MemoryCache`: a doubly linked list threaded through an array of slots,
/// with freed slots reused. Not thread-safe by itself; `MemoryCache` wraps it in a `Mutex`.
struct LRUList<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot: Sendable {
        var key: Key
        var value: Value?
        var cost: Int
        var previous: Int // towards the most recent end; -1 = none
        var next: Int // towards the least recent end; -1 = none
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var indexByKey: [Key: Int] = [:]
    private var head = -1 // most recently used
    private var tail = -1 // least recently used
    private(set) var totalCost = 0

    var count: Int { indexByKey.count }

    /// Looks up `key` and moves it to the front.
    mutating func touch(_ key: Key) -> Value? {
        guard let index = indexByKey[key] else { return nil }
        unlink(index)
        linkAtFront(index)
        return slots[index].value
    }

    mutating func insertAtFront(key: Key, value: Value, cost: Int) {
        let slot = Slot(key: key, value: value, cost: cost, previous: -1, next: -1)
        let index: Int
        if let free = freeSlots.popLast() {
            index = free
            slots[index] = slot
        } else {
            index = slots.count
            slots.append(slot)
        }
        indexByKey[key] = index
        totalCost += cost
        linkAtFront(index)
    }

    mutating func remove(_ key: Key) -> Value? {
        guard let index = indexByKey.removeValue(forKey: key) else { return nil }
        return release(index)
    }

    mutating func removeLeastRecent() -> Value? {
        guard tail >= 0 else { return nil }
        let index = tail
        indexByKey.removeValue(forKey: slots[index].key)
        return release(index)
    }

    func keysFromMostRecent() -> [Key] {
        var keys: [Key] = []
        var index = head
        while index >= 0 {
            keys.append(slots[index].key)
            index = slots[index].next
        }
        return keys
    }

    private mutating func release(_ index: Int) -> Value? {
        unlink(index)
        totalCost -= slots[index].cost
        let value = slots[index].value
        slots[index].value = nil // drop the value now; the key stays until the slot is reused
        slots[index].cost = 0
        freeSlots.append(index)
        return value
    }

    private mutating func unlink(_ index: Int) {
        let previous = slots[index].previous
        let next = slots[index].next
        if previous >= 0 { slots[previous].next = next } else { head = next }
        if next >= 0 { slots[next].previous = previous } else { tail = previous }
        slots[index].previous = -1
        slots[index].next = -1
    }

    private mutating func linkAtFront(_ index: Int) {
        slots[index].previous = -1
        slots[index].next = head
        if head >= 0 { slots[head].previous = index }
        head = index
        if tail < 0 { tail = index }
    }
}
