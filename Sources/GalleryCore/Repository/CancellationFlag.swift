import Synchronization

/// Set once from a task's cancellation handler, read by blocking work before it starts.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}
