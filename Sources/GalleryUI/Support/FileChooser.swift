import CGtk
import Foundation
import GObjectSupport

/// The desktop's file chooser (GtkFileChooserNative: the portal's in a sandbox, GTK's own
/// otherwise; GTK 4.8 has no GtkFileDialog), asked once: Open…, Save Image As… and Save to
/// Folder all go through here.
@MainActor
enum FileChooser {
    enum Answer {
        /// Closed without choosing.
        case cancelled
        /// A place on this computer; the chooser is still there to read its choices from.
        case chosen(path: String, chooser: OpaquePointer)
        /// A place with no local path (a remote location the portal offered).
        case notLocal
    }

    /// Shows a modal chooser over `parent`; `configure` adds filters, choices or a suggested
    /// name before it shows. The chooser lives until it answers.
    static func ask(title: String, action: GtkFileChooserAction, accept: String, parent: UnsafeMutablePointer<GtkWidget>,
                    configure: (OpaquePointer) -> Void = { _ in }, answer: @escaping @MainActor (Answer) -> Void) {
        let chooser = gtk_file_chooser_native_new(title, parent.cast(), action, accept, L10n.tr("_Cancel"))!
        gtk_native_dialog_set_modal(chooser.cast(), 1)
        configure(chooser)
        // This reference keeps the chooser until it answers; the answer drops it.
        Signal.connect(chooser, .response) { response in
            defer {
                gtk_native_dialog_destroy(chooser.cast())
                g_object_unref(chooser.rawPointer)
            }
            guard response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.opaque) else {
                return answer(.cancelled)
            }
            let path = g_file_get_path(file)
            g_object_unref(file.rawPointer)
            guard let path else { return answer(.notLocal) }
            defer { g_free(path) }
            answer(.chosen(path: String(cString: path), chooser: chooser))
        }
        gtk_native_dialog_show(chooser.cast())
    }
}
