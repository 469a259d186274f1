import CGtk

/// A GtkShortcutAction that runs a Swift closure; the closure returns whether it used the key.
@MainActor
enum ShortcutCallback {
    private final class Box { // touched only on the main thread
        let handler: @MainActor () -> Bool
        init(_ handler: @escaping @MainActor () -> Bool) { self.handler = handler }
    }

    static func make(_ handler: @escaping @MainActor () -> Bool) -> OpaquePointer {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        return gtk_callback_action_new({ _, _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handler() } ? 1 : 0
        }, box, { data in
            Unmanaged<Box>.fromOpaque(data!).release()
        })
    }
}
