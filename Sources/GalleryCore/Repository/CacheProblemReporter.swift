import Synchronization

/// Remembers that the disk cache failed and tells the UI once, not on every failed write.
public final class CacheProblemReporter: Sendable {
    private let reported = Mutex(false)
    private let handler: Mutex<(@Sendable (String) -> Void)?> = Mutex(nil)

    public init() {}

    /// `handler` is called at most once, from any thread, with the technical detail; the UI words it.
    public func onFirstProblem(_ handler: @escaping @Sendable (String) -> Void) {
        self.handler.withLock { $0 = handler }
    }

    public var hasReported: Bool { reported.withLock { $0 } }

    func report(_ message: String) {
        let first = reported.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        handler.withLock { $0 }?(message)
    }
}
