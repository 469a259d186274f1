/// Transfers waiting for a free slot: highest priority first, first come first served within one.
/// An order whose shared priority rose (or dropped back) while it waited moves to its new
/// priority's line when the next one is picked.
struct PendingTransferQueue {
    private static let prioritiesHighestFirst = LoadPriority.allCases.sorted(by: >)

    private var queues: [LoadPriority: [TransferOrder]] = [:]

    var isEmpty: Bool { queues.values.allSatisfy(\.isEmpty) }
    var count: Int { queues.values.reduce(0) { $0 + $1.count } }

    mutating func push(_ order: TransferOrder) {
        queues[order.priority.current, default: []].append(order)
    }

    /// The priority `popHighestPriority` would take next, so the caller can ask for a slot first.
    var highestPriority: LoadPriority? {
        Self.prioritiesHighestFirst.first { queues[$0]?.isEmpty == false }
    }

    mutating func popHighestPriority() -> TransferOrder? {
        regroupChanged()
        for priority in Self.prioritiesHighestFirst where queues[priority]?.isEmpty == false {
            return queues[priority]?.removeFirst()
        }
        return nil
    }

    /// Moves orders whose priority changed to the end of their new priority's line.
    private mutating func regroupChanged() {
        var moved: [TransferOrder] = []
        for priority in Self.prioritiesHighestFirst {
            guard let orders = queues[priority], orders.contains(where: { $0.priority.current != priority }) else {
                continue
            }
            queues[priority] = orders.filter { $0.priority.current == priority }
            moved += orders.filter { $0.priority.current != priority }
        }
        for order in moved { queues[order.priority.current, default: []].append(order) }
    }

    /// Drops the order with `id` if nobody waits for it any more. Ids are object addresses, so
    /// a late cancel message can name a newer transfer that reuses the address: that one has a
    /// waiting task and stays (dropping it would leave its task waiting forever).
    mutating func removeCancelled(id: ObjectIdentifier) {
        for priority in queues.keys {
            queues[priority]?.removeAll { $0.id == id && $0.completion.isFinished }
        }
    }

    mutating func removeAll() -> [TransferOrder] {
        let all = Self.prioritiesHighestFirst.flatMap { queues[$0] ?? [] }
        queues.removeAll()
        return all
    }
}
