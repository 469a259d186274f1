import CGtk

/// One idle or timeout source at a time, owned by the object that starts it.
///
/// GLib tells the source's owner when it is destroyed, whether it ran to its end or was
/// removed, so `cancel()` removes only a source that is still attached and never looks up an
/// id that may have finished. Starting a new one replaces the pending one.
@MainActor
public final class MainLoopSource {
    private var id: UInt32 = 0
    private var box: MainLoopSources.Box?

    public init() {}

    /// True from the start of a source until it runs or is cancelled.
    public var isPending: Bool { id != 0 }

    /// Runs `handler` once after `milliseconds`.
    public func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) {
        cancel()
        let box = MainLoopSources.Box(once: true, owner: self) { handler(); return false }
        self.box = box
        id = MainLoopSources.addTimeout(milliseconds: milliseconds, box)
    }

    /// Runs `handler` once, when the main loop is idle at `priority`.
    public func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping @MainActor () -> Void) {
        cancel()
        let box = MainLoopSources.Box(once: true, owner: self) { handler(); return false }
        self.box = box
        id = MainLoopSources.addIdle(priority: priority, box)
    }

    /// Stops the pending source, if any.
    public func cancel() {
        let pending = id
        id = 0
        box = nil
        if pending != 0 { g_source_remove(pending) }
    }

    /// The source is running its only time, or GLib destroyed it: its id means nothing any more.
    func sourceWasDestroyed(_ destroyed: MainLoopSources.Box) {
        guard destroyed === box else { return } // an older source, already replaced
        id = 0
        box = nil
    }

    // `deinit` is nonisolated and cannot reach the main loop: owners cancel when they go away;
    // a source left running holds only its handler, which captures its owner weakly.
}
