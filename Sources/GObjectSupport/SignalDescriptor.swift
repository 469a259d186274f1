import CGtk

/// A signal's name together with its handler's C signature. Descriptors are made only here,
/// one constructor per signature, each with the trampoline that unpacks that signature: the
/// named signals GTK and GIO emit are in `SignalDescriptor+Signals.swift`.
///
/// Trampolines receive borrowed pointers; they are used on the emitting (main) thread only.
public struct SignalDescriptor<Handler>: @unchecked Sendable {
    public let name: String
    let trampoline: GCallback

    fileprivate init(_ name: String, _ trampoline: GCallback) {
        self.name = name
        self.trampoline = trampoline
    }
}

public typealias PointerArgument = UnsafeMutableRawPointer?

/// `void handler(GObject *, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor () -> Void {
    public static func noArguments(_ name: String) -> Self {
        typealias Fn = @MainActor () -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let handler = CallbackBox<Fn>.borrow(data)
            MainActor.assumeIsolated { handler() }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `gboolean handler(GObject *, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor () -> Bool {
    public static func handled(_ name: String) -> Self {
        typealias Fn = @MainActor () -> Bool
        let trampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            let handler = CallbackBox<Fn>.borrow(data)
            return MainActor.assumeIsolated { handler() } ? 1 : 0
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, gpointer argument, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (PointerArgument) -> Void {
    public static func pointer(_ name: String) -> Self {
        typealias Fn = @MainActor (PointerArgument) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            let handler = CallbackBox<Fn>.borrow(data)
            nonisolated(unsafe) let argument = argument
            MainActor.assumeIsolated { handler(argument) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, gpointer argument, gint value, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (PointerArgument, Int32) -> Void {
    public static func pointerAndInteger(_ name: String) -> Self {
        typealias Fn = @MainActor (PointerArgument, Int32) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gint, gpointer?) -> Void = { _, argument, value, data in
            let handler = CallbackBox<Fn>.borrow(data)
            nonisolated(unsafe) let argument = argument
            MainActor.assumeIsolated { handler(argument, value) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `gint handler(GObject *, gpointer argument, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (PointerArgument) -> Int32 {
    public static func pointerReturningInt(_ name: String) -> Self {
        typealias Fn = @MainActor (PointerArgument) -> Int32
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { _, argument, data in
            let handler = CallbackBox<Fn>.borrow(data)
            nonisolated(unsafe) let argument = argument
            return MainActor.assumeIsolated { handler(argument) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, gboolean value, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (Bool) -> Void {
    public static func boolean(_ name: String) -> Self {
        typealias Fn = @MainActor (Bool) -> Void
        let trampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> Void = { _, value, data in
            let handler = CallbackBox<Fn>.borrow(data)
            MainActor.assumeIsolated { handler(value != 0) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, gint value, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (Int32) -> Void {
    public static func integer(_ name: String) -> Self {
        typealias Fn = @MainActor (Int32) -> Void
        let trampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
            let handler = CallbackBox<Fn>.borrow(data)
            MainActor.assumeIsolated { handler(value) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, double value, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (Double) -> Void {
    public static func double(_ name: String) -> Self {
        typealias Fn = @MainActor (Double) -> Void
        let trampoline: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, value, data in
            let handler = CallbackBox<Fn>.borrow(data)
            MainActor.assumeIsolated { handler(value) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, double x, double y, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (Double, Double) -> Void {
    public static func point(_ name: String) -> Self {
        typealias Fn = @MainActor (Double, Double) -> Void
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            let handler = CallbackBox<Fn>.borrow(data)
            MainActor.assumeIsolated { handler(x, y) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `gboolean handler(GObject *, double x, double y, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (Double, Double) -> Bool {
    public static func handledPoint(_ name: String) -> Self {
        typealias Fn = @MainActor (Double, Double) -> Bool
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, x, y, data in
            let handler = CallbackBox<Fn>.borrow(data)
            return MainActor.assumeIsolated { handler(x, y) } ? 1 : 0
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `gpointer handler(GObject *, double x, double y, gpointer user_data)`: the handler returns an
/// object it gives away (`transfer full`), or nil.
extension SignalDescriptor where Handler == @MainActor (_ instance: PointerArgument, Double, Double) -> UnsafeMutableRawPointer? {
    public static func pointReturningObject(_ name: String) -> Self {
        typealias Fn = @MainActor (PointerArgument, Double, Double) -> UnsafeMutableRawPointer?
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gpointer? = { instance, x, y, data in
            let handler = CallbackBox<Fn>.borrow(data)
            nonisolated(unsafe) let instance = instance
            // As an address: pointers are not Sendable, and this stays on the main thread.
            let result = MainActor.assumeIsolated { Int(bitPattern: handler(instance, x, y)) }
            return UnsafeMutableRawPointer(bitPattern: result)
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `gboolean handler(GObject *, gpointer value, double x, double y, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (_ instance: PointerArgument, PointerArgument, Double, Double) -> Bool {
    public static func pointerAtPoint(_ name: String) -> Self {
        typealias Fn = @MainActor (PointerArgument, PointerArgument, Double, Double) -> Bool
        let trampoline: @convention(c) (gpointer?, gpointer?, Double, Double, gpointer?) -> gboolean = { instance, value, x, y, data in
            let handler = CallbackBox<Fn>.borrow(data)
            nonisolated(unsafe) let (instance, value) = (instance, value)
            return MainActor.assumeIsolated { handler(instance, value, x, y) } ? 1 : 0
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, int n_press, double x, double y, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (Int32, Double, Double) -> Void {
    public static func pressAtPoint(_ name: String) -> Self {
        typealias Fn = @MainActor (Int32, Double, Double) -> Void
        let trampoline: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, presses, x, y, data in
            let handler = CallbackBox<Fn>.borrow(data)
            MainActor.assumeIsolated { handler(presses, x, y) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, gpointer a, gpointer b, gpointer c, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (PointerArgument, PointerArgument, PointerArgument) -> Void {
    public static func threePointers(_ name: String) -> Self {
        typealias Fn = @MainActor (PointerArgument, PointerArgument, PointerArgument) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?, gpointer?) -> Void = { _, a, b, c, data in
            let handler = CallbackBox<Fn>.borrow(data)
            nonisolated(unsafe) let (a, b, c) = (a, b, c)
            MainActor.assumeIsolated { handler(a, b, c) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent, gpointer user_data)`
extension SignalDescriptor where Handler == @MainActor (GFileMonitorEvent) -> Void {
    public static func fileMonitorEvent(_ name: String) -> Self {
        typealias Fn = @MainActor (GFileMonitorEvent) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = { _, _, _, event, data in
            let handler = CallbackBox<Fn>.borrow(data)
            MainActor.assumeIsolated { handler(event) }
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `gboolean query-tooltip(GtkWidget *, int x, int y, gboolean keyboard_mode, GtkTooltip *, gpointer)`
extension SignalDescriptor where Handler == @MainActor (_ x: Int32, _ y: Int32, _ keyboard: Bool, _ tooltip: OpaquePointer) -> Bool {
    public static func tooltip(_ name: String) -> Self {
        typealias Fn = @MainActor (Int32, Int32, Bool, OpaquePointer) -> Bool
        let trampoline: @convention(c) (gpointer?, gint, gint, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
            _, x, y, keyboard, tooltip, data in
            let handler = CallbackBox<Fn>.borrow(data)
            nonisolated(unsafe) let tooltip = tooltip!
            return MainActor.assumeIsolated { handler(x, y, keyboard != 0, tooltip) } ? 1 : 0
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler(GObject *, gint width, gint height, gpointer user_data)`, emitted on the thread
/// that feeds the object (a pixbuf loader on a decoding thread): the handler is not main-actor.
extension SignalDescriptor where Handler == (_ instance: PointerArgument, Int32, Int32) -> Void {
    public static func size(_ name: String) -> Self {
        typealias Fn = (PointerArgument, Int32, Int32) -> Void
        let trampoline: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { instance, width, height, data in
            CallbackBox<Fn>.borrow(data)(instance, width, height)
        }
        return Self(name, unsafeBitCast(trampoline, to: GCallback.self))
    }
}
