import GObjectSupport
import GalleryCore

/// Retries failed loads by themselves: at once when the network comes back, otherwise after an
/// exponential backoff. Keys identify what is retried (a tile, the links file), so scheduling
/// the same key again replaces the earlier timer instead of stacking retries.
@MainActor
final class RetryScheduler {
    private struct Pending {
        let timer: MainLoopSource
        let action: @MainActor () -> Void
    }

    private let backoff: Backoff
    private var pending: [String: Pending] = [:]
    private var attempts: [String: Int] = [:]

    init(backoff: Backoff = Backoff(), networkMonitor: NetworkMonitor?) {
        self.backoff = backoff
        networkMonitor?.onNetworkAvailable { [weak self] in self?.retryAllNow() }
    }

    /// Schedules `action` after the next backoff delay for `key`.
    func schedule(_ key: String, _ action: @escaping @MainActor () -> Void) {
        cancel(key)
        let attempt = attempts[key, default: 0]
        attempts[key] = attempt + 1
        let milliseconds = UInt32(backoff.delay(forAttempt: attempt) * 1000)
        let timer = MainLoopSource()
        timer.after(milliseconds: milliseconds) { [weak self] in self?.fire(key) }
        pending[key] = Pending(timer: timer, action: action)
    }

    /// Forgets `key`: after a success, or when the thing retried went away.
    func reset(_ key: String) {
        cancel(key)
        attempts[key] = nil
    }

    func cancel(_ key: String) {
        pending.removeValue(forKey: key)?.timer.cancel()
    }

    var pendingCount: Int { pending.count }

    /// Runs every pending retry now, with the backoff starting over: the network is back.
    func retryAllNow() {
        let due = pending
        pending.removeAll()
        attempts.removeAll()
        for entry in due.values {
            entry.timer.cancel()
            entry.action()
        }
    }

    private func fire(_ key: String) {
        guard let entry = pending.removeValue(forKey: key) else { return }
        entry.action()
    }
}
