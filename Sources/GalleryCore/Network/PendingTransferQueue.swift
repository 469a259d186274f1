/// Transfers waiting for a free slot: highest priority first, first come first served within one.
struct PendingTransferQueue {
    private static let prioritiesHighestFirst = LoadPriority.allCases.sorted(by: >)

    private var queues: [LoadPriority: [TransferOrder]] = [:]

    var isEmpty: Bool { queues.values.allSatisfy(\.isEmpty) }

    mutating func push(_ order: TransferOrder) {
        queues[order.request.priority, default: []].append(order)
    }

    mutating func popHighestPriority() -> TransferOrder? {
        for priority in Self.prioritiesHighestFirst where queues[priority]?.isEmpty == false {
            return queues[priority]?.removeFirst()
        }
        return nil
    }

    mutating func remove(id: ObjectIdentifier) {
        for priority in queues.keys {
            queues[priority]?.removeAll { $0.id == id }
        }
    }

    mutating func removeAll() -> [TransferOrder] {
        let all = Self.prioritiesHighestFirst.flatMap { queues[$0] ?? [] }
        queues.removeAll()
        return all
    }
}
