import CGtk

/// A Unix signal (SIGTERM at logout, SIGINT) handled on the main loop, once: the source removes
/// itself, so a second signal ends the process as usual.
public enum UnixSignal {
    private typealias Handler = @MainActor () -> Void

    public static func onceOn(_ signal: Int32, _ handler: @escaping @MainActor () -> Void) {
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
            let handler = CallbackBox<Handler>.borrow(data)
            MainActor.assumeIsolated { handler() }
            return 0
        }, CallbackBox<Handler>.retain(handler), CallbackBoxRelease.destroyNotify)
    }
}
