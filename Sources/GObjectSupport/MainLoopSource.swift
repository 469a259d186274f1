import CGtk

/// The one timer type: an idle or timeout source on the GLib main loop that runs a Swift
/// closure, owned by the object that starts it.
///
/// GLib tells the source's owner when it is destroyed, whether it ran to its end or was
/// removed, so `cancel()` removes only a source that is still attached and never looks up an id
/// that has finished (GLib calls that a programmer error, and a later source may reuse the
/// number). Starting a new one replaces the pending one. A source nobody needs to stop is
/// started with the static `once` functions.
@MainActor
public final class MainLoopSource {
    private final class State: @unchecked Sendable { // touched only on the main thread
        let handler: @MainActor () -> Bool
        /// Told when GLib destroys the source (it finished or was removed).
        weak var owner: MainLoopSource?
        /// Runs once: its owner may start another from inside the handler.
        let once: Bool
        init(once: Bool, owner: MainLoopSource?, _ handler: @escaping @MainActor () -> Bool) {
            self.handler = handler
            self.once = once
            self.owner = owner
        }
    }

    private var id: UInt32 = 0
    private var state: State?

    public init() {}

    /// True from the start of a source until it runs (its last time) or is cancelled.
    public var isPending: Bool { id != 0 }

    /// Runs `handler` once after `milliseconds`.
    public func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) {
        start(State(once: true, owner: self) { handler(); return false }) {
            g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, Self.run, $0, Self.destroyed)
        }
    }

    /// Runs `handler` once, when the main loop is idle at `priority`. `G_PRIORITY_HIGH_IDLE`
    /// runs before GTK's next layout and paint; the default runs after them.
    public func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping @MainActor () -> Void) {
        start(State(once: true, owner: self) { handler(); return false }) {
            g_idle_add_full(priority, Self.run, $0, Self.destroyed)
        }
    }

    /// Runs `handler` every `milliseconds` while it returns true.
    public func every(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Bool) {
        start(State(once: false, owner: self, handler)) {
            g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, Self.run, $0, Self.destroyed)
        }
    }

    /// Stops the pending source, if any.
    public func cancel() {
        let pending = id
        id = 0
        state = nil
        if pending != 0 { g_source_remove(pending) }
    }

    /// Runs `handler` once after `milliseconds`, with no way to stop it.
    public static func once(afterMilliseconds milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) {
        MainLoopSource().after(milliseconds: milliseconds, handler)
    }

    /// Runs `handler` once when the main loop is idle, with no way to stop it.
    public static func onceWhenIdle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping @MainActor () -> Void) {
        MainLoopSource().idle(priority: priority, handler)
    }

    // A source added on the main thread cannot run, nor be destroyed, before `add` returns.
    private func start(_ state: State, add: (UnsafeMutableRawPointer) -> UInt32) {
        cancel()
        self.state = state
        id = add(CallbackBox<State>.retain(state))
    }

    /// The source is running its only time, or GLib destroyed it: its id means nothing any more.
    private func sourceWasDestroyed(_ destroyed: State) {
        guard destroyed === state else { return } // an older source, already replaced
        id = 0
        state = nil
    }

    private static let run: GSourceFunc = { data in
        let state = CallbackBox<State>.borrow(data)
        return MainActor.assumeIsolated {
            if state.once { state.owner?.sourceWasDestroyed(state) }
            return state.handler()
        } ? 1 : 0
    }

    private static let destroyed: GDestroyNotify = { data in
        let state = CallbackBox<State>.take(data)
        MainActor.assumeIsolated { state.owner?.sourceWasDestroyed(state) }
    }

    // `deinit` is nonisolated and cannot reach the main loop: owners cancel when they go away;
    // a source left running holds only its handler, which captures its owner weakly (the
    // `once` functions rely on that: their owner is gone at once, the source runs on).
}
