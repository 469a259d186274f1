import CGtk

/// The one GAsyncReadyCallback: GIO's `_async` calls (the clipboard, a file dialog, a child
/// process) take `AsyncReply.callback` and `AsyncReply.userData(handler)`, and the handler runs
/// once on the main thread with the source object and the result for the `_finish` call.
public enum AsyncReply {
    public typealias Handler = @MainActor (_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?) -> Void

    public static func userData(_ handler: @escaping Handler) -> UnsafeMutableRawPointer {
        CallbackBox<Handler>.retain(handler)
    }

    public static let callback: GAsyncReadyCallback = { source, result, data in
        let handler = CallbackBox<Handler>.take(data)
        nonisolated(unsafe) let (source, result) = (source, result) // borrowed for this call, on this thread
        MainActor.assumeIsolated { handler(source, result) }
    }
}
