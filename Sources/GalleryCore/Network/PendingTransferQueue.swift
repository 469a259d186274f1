/// Transfers waiting for a free slot, taken by their priority as it is when a slot frees (a
/// transfer whose caller's priority rose or dropped back while it waited goes by the new one),
/// first come first served within one (`PriorityLine`).
struct PendingTransferQueue {
    private var line = PriorityLine<TransferOrder>()

    var isEmpty: Bool { line.isEmpty }
    var count: Int { line.count }

    mutating func push(_ order: TransferOrder) {
        line.append(order, priority: order.request.priority)
    }

    /// The priority `popHighestPriority` would take next, so the caller can ask for a slot first.
    var highestPriority: LoadPriority? { line.highestPriority }

    mutating func popHighestPriority() -> TransferOrder? {
        line.removeNext()
    }

    /// Drops the order with `id` if nobody waits for it any more. Ids are object addresses, so
    /// a late cancel message can name a newer transfer that reuses the address: that one has a
    /// waiting task and stays (dropping it would leave its task waiting forever).
    mutating func removeCancelled(id: ObjectIdentifier) {
        _ = line.removeAll { $0.id == id && $0.completion.isFinished }
    }

    mutating func removeAll() -> [TransferOrder] {
        line.removeAll { _ in true }
    }
}
