import CGtk
import GObjectSupport

/// Reads the clipboard's text without blocking: the owner may be another, slow, app.
@MainActor
enum ClipboardText {
    static func read(from display: OpaquePointer?, _ handler: @escaping @MainActor (String?) -> Void) {
        guard let display, let clipboard = gdk_display_get_clipboard(display) else { return handler(nil) }
        gdk_clipboard_read_text_async(clipboard, nil, AsyncReply.callback, AsyncReply.userData { object, result in
            var error: UnsafeMutablePointer<GError>?
            let text = gdk_clipboard_read_text_finish(OpaquePointer(object), result, &error)
            g_clear_error(&error)
            let string = text.map { String(cString: $0) }
            g_free(text)
            handler(string)
        })
    }
}
