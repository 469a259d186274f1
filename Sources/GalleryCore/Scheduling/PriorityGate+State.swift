/// The line of waiters and the units held (`PriorityGate`'s state) and how whoever fits now is
/// let in.
extension PriorityGate {
    struct Waiter {
        let id: Int
        let cost: Int
        let priority: SharedPriority
        let observer: Int
        let admit: @Sendable (Result<Pass, any Error>) -> Void
    }

    struct Holding {
        var amount: Int
        let priority: LoadPriority
    }

    /// Who holds what and who waits: the gate's state, changed under its lock only.
    struct State {
        var line = PriorityLine<Waiter>()
        var holdings: [Int: Holding] = [:]
        var held = 0
        var heldPrefetches = 0
        var peak = 0
        var overtaken: [Int: Int] = [:]
        var nextID = 0

        /// Units work of `priority` may still take. Interactive work takes from the common room
        /// first; the kept units are what only it may add on top (a page decoding leaves the
        /// tiles one worker fewer, not the same).
        func room(for priority: LoadPriority, _ policy: Policy) -> Int {
            switch priority {
            case .interactive: policy.capacity - held
            case .visible: policy.capacity - policy.keptForInteractive - held
            case .prefetch: min(policy.capacity - policy.keptForInteractive - held, policy.prefetchLimit - heldPrefetches)
            }
        }

        mutating func change(_ priority: LoadPriority, by amount: Int) {
            held += amount
            if priority == .prefetch { heldPrefetches += amount }
            peak = max(peak, held)
        }

        /// Takes from the line whoever fits now; returns them with what each holds.
        mutating func admit(_ policy: Policy) -> [(waiter: Waiter, amount: Int)] {
            // Full: nobody fits, whatever the order (a cost of 0 waits for the next look).
            guard held < policy.capacity, !line.isEmpty else { return [] }
            var line = self.line
            self.line = PriorityLine() // taken out, not copied; put back below
            var blocker: Int?
            var amounts: [Int: Int] = [:]
            let taken = line.take { waiter, priority in
                if let blocker, overtaken[blocker, default: 0] >= policy.overtakeLimit { return .stop }
                let amount = min(max(0, waiter.cost), policy.limit(for: priority))
                let room = room(for: priority, policy)
                guard amount <= room else {
                    // No room at all: nobody at this priority or below fits (their room is
                    // within this one's).
                    if room <= 0 { return .stop }
                    if blocker == nil { blocker = waiter.id }
                    return .pass
                }
                change(priority, by: amount)
                holdings[waiter.id] = Holding(amount: amount, priority: priority)
                amounts[waiter.id] = amount
                if let blocker { overtaken[blocker, default: 0] += 1 }
                return .take
            }
            self.line = line
            for (waiter, _) in taken { overtaken[waiter.id] = nil }
            return taken.map { ($0.job, amounts[$0.job.id] ?? 0) }
        }
    }
}
