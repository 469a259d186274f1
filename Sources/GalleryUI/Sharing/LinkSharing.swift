import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// Hands a link or an image to the rest of the desktop: the browser and the clipboard.
/// Shared by the viewer's Share menu and the grid's context menu.
@MainActor
public enum LinkSharing {
    /// Why a link did not open (`ErrorMessages.explanation(for:)` words it).
    public enum Failure: Error, Equatable {
        /// Only web links go to a browser; anything else could launch an arbitrary handler.
        case notAWebLink
        case browserOpenerMissing
        case couldNotStart(String)
        case openerFailed(String)
    }

    /// Runs `xdg-open <url>` (found on PATH, the URL its only argument, no shell). Throws when it
    /// cannot start; `onFailure` hears about it if it starts but then reports an error (e.g. no
    /// browser configured), which only shows once it exits.
    public static func openInBrowser(
        _ url: URL, onFailure: (@MainActor (Failure) -> Void)? = nil
    ) throws {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Failure.notAWebLink
        }
        try open(url, onFailure: onFailure)
    }

    /// Shows a folder in the file manager (Save to Folder's "Open Folder"), the same way.
    public static func openFolder(_ folder: URL, onFailure: (@MainActor (Failure) -> Void)? = nil) throws {
        try open(folder, onFailure: onFailure)
    }

    private static func open(_ url: URL, onFailure: (@MainActor (Failure) -> Void)?) throws {
        guard let found = g_find_program_in_path("xdg-open") else { throw Failure.browserOpenerMissing }
        let program = String(cString: found)
        g_free(found)

        var error: UnsafeMutablePointer<GError>?
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(url.absoluteString), nil]
        defer { argv.forEach { free($0) } }
        let launcher = g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_NONE)!
        defer { g_object_unref(launcher.rawPointer) }
        let notice = StartupNotice(program: program)
        if let notice {
            // The browser hands the token back to the desktop, which then raises its window.
            g_subprocess_launcher_setenv(launcher, "XDG_ACTIVATION_TOKEN", notice.id, 1)
            g_subprocess_launcher_setenv(launcher, "DESKTOP_STARTUP_ID", notice.id, 1)
        }
        let process = argv.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: argv.count) {
                g_subprocess_launcher_spawnv(launcher, $0, &error)
            }
        }
        guard let process else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            notice?.launchFailed()
            throw Failure.couldNotStart(message)
        }
        // GSubprocess reaps the child itself; waiting only serves to report a failed exit.
        g_subprocess_wait_check_async(process, nil, AsyncReply.callback, AsyncReply.userData { object, result in
            var error: UnsafeMutablePointer<GError>?
            let ok = g_subprocess_wait_check_finish(OpaquePointer(object), result, &error) != 0
            let message = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            guard !ok else { return }
            notice?.launchFailed()
            onFailure?(.openerFailed(message))
        })
        g_object_unref(process.rawPointer)
    }

    /// A startup-notification id (X11) or activation token (Wayland) from the display's launch
    /// context, as GIO gives a launched app: without it the desktop may keep the browser's
    /// window behind ours ("focus stealing prevention"). The context is kept with the id, to
    /// tell the desktop when the launch failed: else it shows a busy cursor until it times out.
    private final class StartupNotice: @unchecked Sendable { // used on the main thread only
        private let context: OpaquePointer
        let id: String

        init?(program: String) {
            guard let display = gdk_display_get_default(),
                  let context = gdk_display_get_app_launch_context(display) else { return nil }
            // GDK names the launch after the program it is told about.
            guard let info = g_app_info_create_from_commandline(program, "xdg-open", G_APP_INFO_CREATE_NONE, nil) else {
                g_object_unref(context.rawPointer)
                return nil
            }
            defer { g_object_unref(info.rawPointer) }
            guard let id = g_app_launch_context_get_startup_notify_id(context.cast(), info, nil) else {
                g_object_unref(context.rawPointer)
                return nil
            }
            defer { g_free(id) }
            self.context = context
            self.id = String(cString: id)
        }

        deinit { g_object_unref(context.rawPointer) }

        func launchFailed() {
            g_app_launch_context_launch_failed(context.cast(), id)
        }
    }

    /// Puts the link on the clipboard as text.
    public static func copyLink(_ url: URL, display: OpaquePointer? = nil) {
        guard let clipboard = clipboard(display) else { return }
        gdk_clipboard_set_text(clipboard, url.absoluteString)
    }

    /// Several links, one per line (Copy Links of a selection).
    public static func copyLinks(_ urls: [URL], display: OpaquePointer? = nil) {
        guard let clipboard = clipboard(display) else { return }
        gdk_clipboard_set_text(clipboard, urls.map(\.absoluteString).joined(separator: "\n"))
    }

    /// Puts the picture on the clipboard: `file` (transfer full) first, as its own type, then
    /// the decoded pixels, which GTK offers as PNG/TIFF to readers that take no other type.
    public static func copyImage(
        _ texture: TextureHandle, file: UnsafeMutablePointer<GdkContentProvider>? = nil, display: OpaquePointer? = nil
    ) {
        guard let clipboard = clipboard(display) else {
            if let file { g_object_unref(file) }
            return
        }
        var picture = GValue()
        g_value_init(&picture, gdk_texture_get_type())
        g_value_set_object(&picture, UnsafeMutableRawPointer(texture.texture))
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [file, gdk_content_provider_new_for_value(&picture)].filter { $0 != nil }
        g_value_unset(&picture)
        let content = gdk_content_provider_new_union(&providers, gsize(providers.count))
        gdk_clipboard_set_content(clipboard, content)
        g_object_unref(content)
    }

    private static func clipboard(_ display: OpaquePointer?) -> OpaquePointer? {
        guard let display = display ?? gdk_display_get_default() else { return nil }
        return gdk_display_get_clipboard(display)
    }
}
