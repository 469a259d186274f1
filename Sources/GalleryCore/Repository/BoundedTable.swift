/// A dictionary by string that keeps the newest `capacity` keys it was given: the oldest set
/// goes first. Not thread-safe; its owner locks.
struct BoundedTable<Value: Sendable>: Sendable {
    private var values: [String: Value] = [:]
    private var order: [String] = []

    func value(for key: String) -> Value? { values[key] }

    mutating func set(_ value: Value, for key: String, capacity: Int) {
        if values.updateValue(value, forKey: key) != nil { order.removeAll { $0 == key } }
        order.append(key)
        while order.count > capacity { values[order.removeFirst()] = nil }
    }

    @discardableResult
    mutating func remove(_ key: String) -> Value? {
        guard let removed = values.removeValue(forKey: key) else { return nil }
        order.removeAll { $0 == key }
        return removed
    }
}
