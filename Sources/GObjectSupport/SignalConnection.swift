import CGtk

/// Connects Swift closures to GObject signals.
///
/// Each closure is boxed with `Unmanaged.passRetained` and released by GLib's destroy notify when
/// the handler is disconnected or the instance is finalized, so a closure lives exactly as long as
/// its connection. Handlers run on the main thread (GTK emits there) and enter the main actor.
/// Capture widgets weakly or by pointer: signals outlive Swift wrappers.
public enum Signal {
    final class Box<Handler>: @unchecked Sendable { // touched only on the main thread
        let handler: Handler
        init(_ handler: Handler) { self.handler = handler }
    }

    @discardableResult
    private static func connect<Handler>(
        _ instance: some GPointer, _ signal: String, _ handler: Handler,
        after: Bool = false, trampoline: GCallback
    ) -> gulong {
        let box = Unmanaged.passRetained(Box(handler)).toOpaque()
        return g_signal_connect_data(
            instance.rawPointer, signal, trampoline, box,
            { data, _ in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } },
            after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        )
    }

    /// `void handler(GObject *instance, gpointer user_data)`
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor () -> Void
    ) -> gulong {
        typealias Fn = @MainActor () -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler() }
        }
        return connect(instance, signal, handler as Fn, after: after,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void handler(GObject *instance, gpointer arg, gpointer user_data)`
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) -> gulong {
        typealias Fn = @MainActor (UnsafeMutableRawPointer?) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let arg = arg // a borrowed GObject pointer, used on this thread
            MainActor.assumeIsolated { box.handler(arg) }
        }
        return connect(instance, signal, handler as Fn, after: after,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void handler(GObject *instance, gboolean value, gpointer user_data)`, e.g. `network-changed`.
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (Bool) -> Void
    ) -> gulong {
        typealias Fn = @MainActor (Bool) -> Void
        let trampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, value, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(value != 0) }
        }
        return connect(instance, signal, handler as Fn, after: after,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// The id of a connection, known only after `connect` returns, for a handler to disconnect itself.
    private final class HandlerID { var handler: gulong = 0 }

    /// Like `connect`, for the next emission only: the handler disconnects itself, then runs.
    @MainActor
    @discardableResult
    public static func connectOnce(
        _ instance: some GPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor () -> Void
    ) -> gulong {
        let connection = HandlerID()
        let pointer = instance.rawPointer
        connection.handler = connect(instance, signal, after: after) {
            g_signal_handler_disconnect(pointer, connection.handler)
            handler()
        }
        return connection.handler
    }

    /// `void handler(GObject *instance, gpointer a, gpointer b, gpointer c, gpointer user_data)`,
    /// e.g. GDBusProxy's `g-signal`. The arity must match: GLib passes user_data last.
    @discardableResult
    public static func connectThreePointers(
        _ instance: some GPointer, _ signal: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    ) -> gulong {
        typealias Fn = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?, gpointer?) -> Void = { _, a, b, c, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let (a, b, c) = (a, b, c) // borrowed pointers, used on this thread
            MainActor.assumeIsolated { box.handler(a, b, c) }
        }
        return connect(instance, signal, handler as Fn,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void handler(GObject *instance, double value, gpointer user_data)`, e.g. `scale-changed`.
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (Double) -> Void
    ) -> gulong {
        typealias Fn = @MainActor (Double) -> Void
        let trampoline: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, value, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(value) }
        }
        return connect(instance, signal, handler as Fn, after: after,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void handler(GObject *instance, double x, double y, gpointer user_data)`,
    /// e.g. `drag-begin`, `drag-update`, `motion`, `swipe`.
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        typealias Fn = @MainActor (Double, Double) -> Void
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(x, y) }
        }
        return connect(instance, signal, handler as Fn, after: after,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean handler(GObject *instance, double dx, double dy, gpointer user_data)`, e.g. `scroll`.
    @discardableResult
    public static func connectHandled(
        _ instance: some GPointer, _ signal: String,
        _ handler: @escaping @MainActor (Double, Double) -> Bool
    ) -> gulong {
        typealias Fn = @MainActor (Double, Double) -> Bool
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, x, y, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handler(x, y) } ? 1 : 0
        }
        return connect(instance, signal, handler as Fn,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void handler(GObject *instance, int n_press, double x, double y, gpointer user_data)`,
    /// GtkGestureClick's `pressed` and `released`.
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (Int32, Double, Double) -> Void
    ) -> gulong {
        typealias Fn = @MainActor (Int32, Double, Double) -> Void
        let trampoline: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler(n, x, y) }
        }
        return connect(instance, signal, handler as Fn, after: after,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean key-pressed(GtkEventControllerKey*, guint keyval, guint keycode, GdkModifierType, gpointer)`.
    @discardableResult
    public static func connectKeyPressed(
        _ instance: some GPointer,
        _ handler: @escaping @MainActor (_ keyval: UInt32, _ state: GdkModifierType) -> Bool
    ) -> gulong {
        typealias Fn = @MainActor (UInt32, GdkModifierType) -> Bool
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, state, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handler(keyval, state) } ? 1 : 0
        }
        return connect(instance, "key-pressed", handler as Fn,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// GtkWidget's `query-tooltip`: `gboolean (GtkWidget *, int x, int y, gboolean keyboard_mode,
    /// GtkTooltip *, gpointer)`. Return true to show the tooltip the handler filled in.
    @discardableResult
    public static func connectQueryTooltip(
        _ instance: some GPointer,
        _ handler: @escaping @MainActor (_ x: Int32, _ y: Int32, _ keyboard: Bool, _ tooltip: OpaquePointer) -> Bool
    ) -> gulong {
        typealias Fn = @MainActor (Int32, Int32, Bool, OpaquePointer) -> Bool
        let trampoline: @convention(c) (gpointer?, gint, gint, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
            _, x, y, keyboard, tooltip, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let tooltip = tooltip! // borrowed for this call, on this thread
            return MainActor.assumeIsolated { box.handler(x, y, keyboard != 0, tooltip) } ? 1 : 0
        }
        return connect(instance, "query-tooltip", handler as Fn,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean handler(GObject *instance, gpointer user_data)`, e.g. `close-request`.
    @discardableResult
    public static func connectHandled(
        _ instance: some GPointer, _ signal: String,
        _ handler: @escaping @MainActor () -> Bool
    ) -> gulong {
        typealias Fn = @MainActor () -> Bool
        let trampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            let box = Unmanaged<Box<Fn>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handler() } ? 1 : 0
        }
        return connect(instance, signal, handler as Fn,
                       trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    // GSimpleAction `activate` (GVariant *parameter) and `notify::…` (GParamSpec *) pass one
    // pointer argument: use the pointer-argument overload.
}
