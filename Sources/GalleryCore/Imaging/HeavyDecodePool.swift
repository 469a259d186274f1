import Dispatch
import Synchronization

/// Threads for decodes that may wait long (`DecodeThreads.isHeavy`): at most `width` run at
/// once, and the next to start is the one whose priority is highest when a thread frees (the
/// viewer's page, an SVG a person opened, before the grid's prefetches queued earlier), first
/// come first served within one (`PriorityLine`). Waiting holds no thread.
final class HeavyDecodePool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var running = 0
        var line = PriorityLine<Job>()
    }

    private let width: Int
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "link-gallery.heavy-decode", qos: .userInitiated, attributes: .concurrent)

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Decodes running or waiting.
    var count: Int { state.withLock { $0.running + $0.line.count } }

    func submit(priority: SharedPriority, _ job: @escaping Job) {
        state.withLock { $0.line.append(job, priority: priority) }
        startWhatFits()
    }

    private func startWhatFits() {
        let starting = state.withLock { state -> [Job] in
            var jobs: [Job] = []
            while state.running < width, let job = state.line.removeNext() {
                state.running += 1
                jobs.append(job)
            }
            return jobs
        }
        for job in starting {
            queue.async { [self] in
                job()
                state.withLock { $0.running -= 1 }
                startWhatFits()
            }
        }
    }
}
