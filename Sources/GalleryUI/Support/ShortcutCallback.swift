import CGtk
import GObjectSupport

/// A GtkShortcutAction that runs a Swift closure; the closure returns whether it used the key.
@MainActor
enum ShortcutCallback {
    private typealias Handler = @MainActor () -> Bool

    static func make(_ handler: @escaping @MainActor () -> Bool) -> OpaquePointer {
        gtk_callback_action_new({ _, _, data in
            let handler = CallbackBox<Handler>.borrow(data)
            return MainActor.assumeIsolated { handler() } ? 1 : 0
        }, CallbackBox<Handler>.retain(handler), CallbackBoxRelease.destroyNotify)
    }
}
