/// Who waits for a `PriorityGate`, offered in turn by their priority as it is *now* (a tile
/// scrolled into view moves ahead of the prefetches queued before it), then in order of
/// arrival. Not thread-safe: the gate keeps it under its lock.
struct PriorityLine<Job> {
    /// What the gate does with the job offered.
    enum Verdict {
        /// Admitted: it leaves the line.
        case take
        /// It stays; the next one is offered.
        case pass
        /// It stays, and so does everyone behind it.
        case stop
    }

    private struct Place {
        let arrival: Int
        let priority: SharedPriority
        let job: Job
    }

    private var places: [Place] = []
    private var arrivals = 0

    var isEmpty: Bool { places.isEmpty }
    var count: Int { places.count }

    mutating func append(_ job: Job, priority: SharedPriority) {
        arrivals += 1
        places.append(Place(arrival: arrivals, priority: priority, job: job))
    }

    /// Offers the jobs highest current priority first, arrival order within one, until `decide`
    /// stops; returns those it took with the priority they had when taken.
    mutating func take(_ decide: (Job, LoadPriority) -> Verdict) -> [(job: Job, priority: LoadPriority)] {
        // Each priority read once: a waiter raised meanwhile counts at the next offer.
        let order = places.indices.map { (index: $0, priority: places[$0].priority.current) }
            .sorted { $0.priority != $1.priority ? $0.priority > $1.priority : places[$0.index].arrival < places[$1.index].arrival }
        var taken: [(index: Int, priority: LoadPriority)] = []
        for (index, priority) in order {
            let verdict = decide(places[index].job, priority)
            if verdict == .stop { break }
            if verdict == .take { taken.append((index, priority)) }
        }
        let jobs = taken.map { (job: places[$0.index].job, priority: $0.priority) }
        let leaving = Set(taken.map(\.index))
        places = places.indices.filter { !leaving.contains($0) }.map { places[$0] }
        return jobs
    }

    mutating func removeAll(where shouldRemove: (Job) -> Bool) -> [Job] {
        let removed = places.filter { shouldRemove($0.job) }.map(\.job)
        places.removeAll { shouldRemove($0.job) }
        return removed
    }
}
