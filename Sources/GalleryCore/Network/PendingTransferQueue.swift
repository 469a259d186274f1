/// Transfers waiting for a free slot: highest priority first, first come first served within one.
struct PendingTransferQueue {
    private static let prioritiesHighestFirst = LoadPriority.allCases.sorted(by: >)

    private var queues: [LoadPriority: [TransferOrder]] = [:]

    var isEmpty: Bool { queues.values.allSatisfy(\.isEmpty) }

    mutating func push(_ order: TransferOrder) {
        queues[order.request.priority, default: []].append(order)
    }

    /// The priority `popHighestPriority` would take next, so the caller can ask for a slot first.
    var highestPriority: LoadPriority? {
        Self.prioritiesHighestFirst.first { queues[$0]?.isEmpty == false }
    }

    mutating func popHighestPriority() -> TransferOrder? {
        for priority in Self.prioritiesHighestFirst where queues[priority]?.isEmpty == false {
            return queues[priority]?.removeFirst()
        }
        return nil
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
