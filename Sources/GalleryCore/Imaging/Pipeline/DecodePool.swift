import Dispatch
import Synchronization

/// Threads for decodes, and the rule for who starts when: the job whose priority is highest when
/// a place frees (the viewer's page before the grid's thumbnails queued earlier, a tile scrolled
/// into view before the prefetches), first come first served within one (`PriorityLine`).
/// Waiting holds no thread.
///
/// Three limits: how many run at once, how many of those may be below `interactive` (the rest
/// is kept for the page a person looks at), and how many may be prefetches — decodes nobody
/// looks at yet (the viewer's neighbours, tiles just off screen), which must not take the cores
/// from a page a person turns to. A prefetch whose priority rises while it waits (the person
/// turned to that page) starts as soon as its new priority allows, not when its old turn comes.
final class DecodePool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct Waiting {
        let job: Job
        let priority: SharedPriority
        let observer: Int
    }

    private struct State {
        var running = 0
        var runningBelowInteractive = 0
        var runningPrefetches = 0
        var line = PriorityLine<Waiting>()
    }

    private let maxRunning: Int
    private let maxRunningBelowInteractive: Int
    private let maxRunningPrefetches: Int
    private let state = Mutex(State())
    /// Prefetches run on threads of their own, below the rest: libdispatch keeps a pool of
    /// threads per quality of service, so a prefetch never takes a thread from a page's decode
    /// or the disk's work.
    private let queue: DispatchQueue
    private let prefetchQueue: DispatchQueue

    init(label: String, maxRunning: Int, maxRunningBelowInteractive: Int? = nil, maxRunningPrefetches: Int) {
        self.maxRunning = max(1, maxRunning)
        self.maxRunningBelowInteractive = max(1, min(self.maxRunning, maxRunningBelowInteractive ?? maxRunning))
        self.maxRunningPrefetches = max(1, min(self.maxRunningBelowInteractive, maxRunningPrefetches))
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
        prefetchQueue = DispatchQueue(label: label + ".prefetch", qos: .utility, attributes: .concurrent)
    }

    /// Decodes running or waiting.
    var count: Int { state.withLock { $0.running + $0.line.count } }

    /// Decodes waiting for their turn.
    var waitingCount: Int { state.withLock { $0.line.count } }

    func submit(priority: SharedPriority, _ job: @escaping Job) {
        let observer = priority.observe { [weak self] _ in self?.startWhatFits() }
        state.withLock { $0.line.append(Waiting(job: job, priority: priority, observer: observer), priority: priority) }
        startWhatFits()
    }

    private func startWhatFits() {
        let starting = state.withLock { state -> [(waiting: Waiting, isBelowInteractive: Bool, isPrefetch: Bool)] in
            var jobs: [(Waiting, Bool, Bool)] = []
            while state.running < maxRunning, let priority = state.line.highestPriority {
                // The highest waiting is below interactive, or a prefetch: so is everything behind it.
                let isBelowInteractive = priority < .interactive, isPrefetch = priority == .prefetch
                if isBelowInteractive, state.runningBelowInteractive >= maxRunningBelowInteractive { break }
                if isPrefetch, state.runningPrefetches >= maxRunningPrefetches { break }
                guard let waiting = state.line.removeNext() else { break }
                state.running += 1
                if isBelowInteractive { state.runningBelowInteractive += 1 }
                if isPrefetch { state.runningPrefetches += 1 }
                jobs.append((waiting, isBelowInteractive, isPrefetch))
            }
            return jobs
        }
        for (waiting, isBelowInteractive, isPrefetch) in starting {
            waiting.priority.stopObserving(waiting.observer)
            (isPrefetch ? prefetchQueue : queue).async { [self] in
                waiting.job()
                state.withLock { state in
                    state.running -= 1
                    if isBelowInteractive { state.runningBelowInteractive -= 1 }
                    if isPrefetch { state.runningPrefetches -= 1 }
                }
                startWhatFits()
            }
        }
    }
}
