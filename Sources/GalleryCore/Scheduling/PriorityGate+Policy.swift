/// How much each priority may hold of a gate's units (`PriorityGate`).
extension PriorityGate {
    struct Policy: Sendable {
        /// Units in all: transfers, workers, bytes or pixels.
        let capacity: Int
        let keptForInteractive: Int
        let prefetchLimit: Int
        let overtakeLimit: Int

        init(capacity: Int, keptForInteractive: Int = 0, prefetchLimit: Int? = nil, overtakeLimit: Int = 32) {
            self.capacity = max(1, capacity)
            self.keptForInteractive = min(max(0, keptForInteractive), self.capacity - 1)
            self.prefetchLimit = min(self.capacity - self.keptForInteractive, max(1, prefetchLimit ?? self.capacity))
            self.overtakeLimit = max(0, overtakeLimit)
        }

        /// The most that work of `priority` may hold at once.
        func limit(for priority: LoadPriority) -> Int {
            switch priority {
            case .interactive: capacity
            case .visible: capacity - keptForInteractive
            case .prefetch: prefetchLimit
            }
        }
    }
}
