import CGtk

/// Idle and timeout sources that run a Swift closure on the GLib main loop.
///
/// Whoever starts a source it may want to stop keeps a `MainLoopSource`: the source tells its
/// owner when GLib lets go of it, so stopping never asks GLib about an id that has finished
/// (GLib calls looking up a removed source a programmer error, and a later source may reuse
/// the number). Fire-and-forget sources use the static functions below and keep nothing.
public enum MainLoopSources {
    final class Box: @unchecked Sendable { // touched only on the main thread
        let handler: @MainActor () -> Bool
        /// Told when GLib destroys the source (it finished or was removed).
        weak var owner: MainLoopSource?
        /// The source's id, for `attached`.
        var id: UInt32 = 0
        /// Runs once: its owner may start another from inside the handler.
        let once: Bool
        init(once: Bool = false, owner: MainLoopSource? = nil, _ handler: @escaping @MainActor () -> Bool) {
            self.handler = handler
            self.once = once
            self.owner = owner
        }
    }

    private static let trampoline: GSourceFunc = { data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated {
            if box.once { box.owner?.sourceWasDestroyed(box) }
            return box.handler()
        } ? 1 : 0
    }

    private static let release: GDestroyNotify = { data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
        MainActor.assumeIsolated {
            attached.remove(box.id)
            box.owner?.sourceWasDestroyed(box)
        }
    }

    /// Runs `handler` every `milliseconds` while it returns `true`. Returns the source id.
    @MainActor @discardableResult
    public static func timeout(
        milliseconds: UInt32, _ handler: @escaping @MainActor () -> Bool
    ) -> UInt32 {
        addTimeout(milliseconds: milliseconds, Box(handler))
    }

    /// Runs `handler` once after `milliseconds`.
    @MainActor @discardableResult
    public static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) -> UInt32 {
        timeout(milliseconds: milliseconds) { handler(); return false }
    }

    /// Runs `handler` when the main loop is idle, while it returns `true`. `G_PRIORITY_HIGH_IDLE`
    /// runs before GTK's next layout and paint; the default runs after them.
    @MainActor @discardableResult
    public static func idle(
        priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping @MainActor () -> Bool
    ) -> UInt32 {
        addIdle(priority: priority, Box(handler))
    }

    /// The ids of the sources started here that GLib has not destroyed yet: `cancel` removes
    /// only those, without asking GLib about an id that may have finished.
    @MainActor private static var attached = Set<UInt32>()

    @MainActor static func addTimeout(milliseconds: UInt32, _ box: Box) -> UInt32 {
        register(box, g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, trampoline, Unmanaged.passRetained(box).toOpaque(), release))
    }

    @MainActor static func addIdle(priority: Int32, _ box: Box) -> UInt32 {
        register(box, g_idle_add_full(priority, trampoline, Unmanaged.passRetained(box).toOpaque(), release))
    }

    // A source added on the main thread cannot run, nor be destroyed, before this returns.
    @MainActor private static func register(_ box: Box, _ id: UInt32) -> UInt32 {
        box.id = id
        attached.insert(id)
        return id
    }

    /// Removes a source started with the functions above if it has not finished, and zeroes
    /// `id`. New code keeps a `MainLoopSource` instead of an id.
    @MainActor
    public static func cancel(_ id: inout UInt32) {
        if id != 0, attached.contains(id) { g_source_remove(id) }
        id = 0
    }
}
