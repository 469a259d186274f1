import Foundation
import Synchronization

/// The one thread that starts decode workers, alive as long as the app.
///
/// bubblewrap's `--die-with-parent` is `PR_SET_PDEATHSIG`, which fires when the *thread* that
/// started the process exits, not the process. Started from a decode queue's thread, a worker
/// was killed whenever libdispatch retired that idle thread: the next picture sent to it failed
/// as if too large (seen in a test run: a GIF right after twelve seconds of other work).
final class WorkerSpawningThread: Sendable {
    static let shared = WorkerSpawningThread()

    private let jobs = Mutex<[@Sendable () -> Void]>([])
    /// Signalled once per job queued: the thread sleeps on it between jobs.
    private let queued = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [unowned self] in serve() }
        thread.name = "link-gallery.worker-spawner"
        thread.start()
    }

    /// Runs `body` on the spawning thread and waits for its result.
    func run<T>(_ body: @escaping @Sendable () -> T) -> T {
        let result = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        jobs.withLock { $0.append { result.value = body(); done.signal() } }
        queued.signal()
        done.wait()
        return result.value!
    }

    private func serve() {
        while true {
            queued.wait()
            jobs.withLock { $0.removeFirst() }()
        }
    }

    /// Carries a result from the spawning thread to the waiting one: unchecked because the
    /// semaphore orders the one write before the one read.
    private final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}
