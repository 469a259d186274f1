import Foundation
import Synchronization

/// Coalesces the writes of a small file that changes in bursts (the "not an image" verdicts,
/// what servers said about originals): the first change schedules one write a moment later,
/// and the changes made meanwhile go with it.
final class DelayedWrite: Sendable {
    private let scheduled = Mutex(false)
    private let delay: DispatchTimeInterval
    private let queue: DispatchQueue

    init(delay: DispatchTimeInterval = .milliseconds(500), queue: DispatchQueue = BlockingWork.disk) {
        self.delay = delay
        self.queue = queue
    }

    /// A change was made: `write` runs after the delay, unless a write is already due.
    func schedule(_ write: @escaping @Sendable () -> Void) {
        let first = scheduled.withLock { scheduled -> Bool in
            defer { scheduled = true }
            return !scheduled
        }
        if first { queue.asyncAfter(deadline: .now() + delay, execute: write) }
    }

    /// A write is starting and takes every change so far: later ones schedule another.
    func starting() { scheduled.withLock { $0 = false } }
}
