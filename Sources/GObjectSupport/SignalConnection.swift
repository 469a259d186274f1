import CGtk

/// Connects Swift closures to GObject signals.
///
/// A signal is named by a `SignalDescriptor`, which carries the C signature of its handler: the
/// closure's type follows from the descriptor, so a handler cannot be connected with the wrong
/// arity. Each closure is kept by a `CallbackBox` released by GLib when the handler is
/// disconnected or the instance finalized: a closure lives exactly as long as its connection.
/// Handlers run on the main thread (GTK emits there) and enter the main actor. Capture widgets
/// weakly or by pointer: signals outlive Swift wrappers.
public enum Signal {
    @discardableResult
    public static func connect<Handler>(
        _ instance: some GPointer, _ signal: SignalDescriptor<Handler>, after: Bool = false, _ handler: Handler
    ) -> gulong {
        g_signal_connect_data(
            instance.rawPointer, signal.name, signal.trampoline, CallbackBox<Handler>.retain(handler),
            CallbackBoxRelease.closureNotify, after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        )
    }

    /// The id of a connection, known only after `connect` returns, for a handler to disconnect itself.
    private final class HandlerID { var handler: gulong = 0 }

    /// Like `connect`, for the next emission only: the handler disconnects itself, then runs.
    @MainActor
    @discardableResult
    public static func connectOnce(
        _ instance: some GPointer, _ signal: SignalDescriptor<@MainActor () -> Void>, after: Bool = false,
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
}
