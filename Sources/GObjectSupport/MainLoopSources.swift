import CGtk

/// Idle and timeout sources that run a Swift closure on the GLib main loop.
public enum MainLoopSources {
    private final class Box: @unchecked Sendable { // touched only on the main thread
        let handler: @MainActor () -> Bool
        init(_ handler: @escaping @MainActor () -> Bool) { self.handler = handler }
    }

    private static let trampoline: GSourceFunc = { data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { box.handler() } ? 1 : 0
    }

    private static let release: GDestroyNotify = { data in
        Unmanaged<Box>.fromOpaque(data!).release()
    }

    /// Runs `handler` every `milliseconds` while it returns `true`. Returns the source id.
    @discardableResult
    public static func timeout(
        milliseconds: UInt32, _ handler: @escaping @MainActor () -> Bool
    ) -> UInt32 {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, trampoline, box, release)
    }

    /// Runs `handler` once after `milliseconds`.
    @discardableResult
    public static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) -> UInt32 {
        timeout(milliseconds: milliseconds) { handler(); return false }
    }

    /// Runs `handler` when the main loop is idle, while it returns `true`. `G_PRIORITY_HIGH_IDLE`
    /// runs before GTK's next layout and paint; the default runs after them.
    @discardableResult
    public static func idle(
        priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping @MainActor () -> Bool
    ) -> UInt32 {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        return g_idle_add_full(priority, trampoline, box, release)
    }

    /// Removes a source if it is still attached (ids of finished sources are ignored).
    public static func cancel(_ id: inout UInt32) {
        if id != 0, g_main_context_find_source_by_id(nil, id) != nil { g_source_remove(id) }
        id = 0
    }
}
