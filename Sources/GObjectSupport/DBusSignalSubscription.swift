import CGtk

/// One D-Bus signal listened to on a connection (`g_dbus_connection_signal_subscribe`) until
/// `cancel()` or the subscription goes away. Subscribed on the main thread, GLib calls back in
/// the main context, so the handler runs there; the parameters are borrowed for the call.
@MainActor
public final class DBusSignalSubscription {
    public typealias Handler = @MainActor (_ parameters: OpaquePointer?) -> Void

    private let connection: OpaquePointer
    private var id: guint

    public init(connection: OpaquePointer, sender: String?, interface: String, member: String, path: String,
                handler: @escaping Handler) {
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        id = g_dbus_connection_signal_subscribe(connection, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                                                Self.callback, CallbackBox<Handler>.retain(handler),
                                                CallbackBoxRelease.destroyNotify)
    }

    isolated deinit {
        cancel()
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    public func cancel() {
        guard id != 0 else { return }
        g_dbus_connection_signal_unsubscribe(connection, id)
        id = 0
    }

    private static let callback: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
        let handler = CallbackBox<Handler>.borrow(data)
        nonisolated(unsafe) let parameters = parameters // borrowed for this call, on this thread
        MainActor.assumeIsolated { handler(parameters) }
    }
}
