import CGtk

/// Runs an action at most once per main-loop turn, however often it is asked for: layout,
/// scrolling and thousands of tile state changes each ask many times per frame.
@MainActor
public final class IdleCoalescer {
    private let source = MainLoopSource()
    private let action: @MainActor () -> Void
    private let priority: Int32

    /// Capture the owner weakly in `action`: the coalescer lives as long as its owner.
    /// `G_PRIORITY_HIGH_IDLE` runs the action before the next frame is laid out.
    public init(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ action: @escaping @MainActor () -> Void) {
        self.priority = priority
        self.action = action
    }

    public func schedule() {
        guard !source.isPending else { return }
        source.idle(priority: priority) { [weak self] in self?.action() }
    }

    public func cancel() {
        source.cancel()
    }
}
