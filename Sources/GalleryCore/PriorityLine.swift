/// Jobs waiting for their turn, taken by their priority as it is *now* (a tile scrolled into
/// view moves ahead of the prefetches queued before it), then in order of arrival. The one
/// waiting line of the HTTP client's pending transfers, the decode pools and the originals'
/// byte budget. Not thread-safe: each owner keeps it under its own lock.
struct PriorityLine<Job> {
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

    /// The priority of the job that goes next.
    var highestPriority: LoadPriority? { nextIndex.map { places[$0].priority.current } }

    /// The job that goes next, left in line.
    var next: Job? { nextIndex.map { places[$0].job } }

    mutating func removeNext() -> Job? {
        guard let index = nextIndex else { return nil }
        return places.remove(at: index).job
    }

    mutating func removeAll(where shouldRemove: (Job) -> Bool) -> [Job] {
        let removed = places.filter { shouldRemove($0.job) }.map(\.job)
        places.removeAll { shouldRemove($0.job) }
        return removed
    }

    /// Highest current priority first; arrival order (places are kept in it) within one.
    private var nextIndex: Int? {
        var best: (index: Int, priority: LoadPriority)?
        for (index, place) in places.enumerated() {
            let priority = place.priority.current
            if best == nil || priority > best!.priority { best = (index, priority) }
        }
        return best?.index
    }
}
