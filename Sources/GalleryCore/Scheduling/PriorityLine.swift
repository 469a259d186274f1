/// Who waits for a `PriorityGate`: one line per priority, each in order of arrival, offered
/// highest priority first. A waiter whose priority changes while it waits (a tile scrolled into
/// view) is moved to its new line at its old place in arrival order (`move`), so the gate never
/// sorts nor reads every waiter's priority to pick who goes next. Not thread-safe: the gate
/// keeps it under its lock.
struct PriorityLine<Job> {
    /// What the gate does with the job offered.
    enum Verdict {
        /// Admitted: it leaves the line.
        case take
        /// It stays; the next one is offered.
        case pass
        /// It stays, and so does everyone behind it in this priority's line.
        case stopLine
        /// It stays, and so does everyone behind it.
        case stop
    }

    private struct Place {
        let arrival: Int
        let id: Int
        let job: Job
    }

    /// Indexed by `LoadPriority.rawValue`; each sorted by arrival.
    private var lines: [[Place]] = Array(repeating: [], count: LoadPriority.allCases.count)
    /// Where each waiter is: its priority's line and its arrival.
    private var positions: [Int: (priority: LoadPriority, arrival: Int)] = [:]
    private var arrivals = 0

    var isEmpty: Bool { positions.isEmpty }
    var count: Int { positions.count }

    /// `id` names the job for `move` and `remove`; one job per id.
    mutating func append(_ job: Job, id: Int, priority: LoadPriority) {
        arrivals += 1
        lines[priority.rawValue].append(Place(arrival: arrivals, id: id, job: job))
        positions[id] = (priority, arrivals)
    }

    /// The job's priority changed: it goes to that line, at its place by arrival.
    mutating func move(_ id: Int, to priority: LoadPriority) {
        guard let position = positions[id], position.priority != priority, let place = removePlace(id) else { return }
        let line = lines[priority.rawValue]
        let index = Self.index(of: position.arrival, in: line)
        lines[priority.rawValue].insert(place, at: index)
        positions[id] = (priority, position.arrival)
    }

    /// The job with `id`, taken out of line; nil when it is not in it.
    mutating func remove(_ id: Int) -> Job? {
        removePlace(id)?.job
    }

    /// Offers the jobs highest priority first, arrival order within one, until `decide`
    /// stops; returns those it took with the priority they were taken at.
    mutating func take(_ decide: (Job, LoadPriority) -> Verdict) -> [(job: Job, priority: LoadPriority)] {
        var taken: [(job: Job, priority: LoadPriority)] = []
        offering: for priority in LoadPriority.allCases.reversed() {
            var kept: [Place] = []
            let line = lines[priority.rawValue]
            for (index, place) in line.enumerated() {
                switch decide(place.job, priority) {
                case .take:
                    taken.append((place.job, priority))
                    positions[place.id] = nil
                case .pass:
                    kept.append(place)
                case .stopLine:
                    lines[priority.rawValue] = kept + line[index...]
                    continue offering
                case .stop:
                    lines[priority.rawValue] = kept + line[index...]
                    break offering
                }
            }
            lines[priority.rawValue] = kept
        }
        return taken
    }

    private mutating func removePlace(_ id: Int) -> Place? {
        guard let position = positions.removeValue(forKey: id) else { return nil }
        let line = lines[position.priority.rawValue]
        let index = Self.index(of: position.arrival, in: line)
        guard index < line.count, line[index].id == id else { return nil }
        return lines[position.priority.rawValue].remove(at: index)
    }

    /// The first place in `line` that arrived at or after `arrival` (the line is in arrival order).
    private static func index(of arrival: Int, in line: [Place]) -> Int {
        var low = 0, high = line.count
        while low < high {
            let middle = (low + high) / 2
            if line[middle].arrival < arrival { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
