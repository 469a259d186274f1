import CGtk
import GObjectSupport

/// Reads the clipboard's text without blocking: the owner may be another, slow, app.
@MainActor
enum ClipboardText {
    private final class Reply: @unchecked Sendable { // touched on the main thread only
        let handler: @MainActor (String?) -> Void
        init(_ handler: @escaping @MainActor (String?) -> Void) { self.handler = handler }
    }

    static func read(from display: OpaquePointer?, _ handler: @escaping @MainActor (String?) -> Void) {
        guard let display, let clipboard = gdk_display_get_clipboard(display) else { return handler(nil) }
        let box = Unmanaged.passRetained(Reply(handler)).toOpaque()
        gdk_clipboard_read_text_async(clipboard, nil, { object, result, data in
            let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let text = gdk_clipboard_read_text_finish(OpaquePointer(object), result, &error)
            g_clear_error(&error)
            let string = text.map { String(cString: $0) }
            g_free(text)
            MainActor.assumeIsolated { reply.handler(string) }
        }, box)
    }
}
