import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// Open…: the desktop's file chooser (through the portal when there is one) for a links file
/// on this computer.
@MainActor
enum OpenFileChooser {
    static func run(parent: UnsafeMutablePointer<GtkWidget>, open: @escaping @MainActor (LinksSource) -> Void) {
        let chooser = gtk_file_chooser_native_new(L10n.tr("Open a Links File"), parent.cast(), GTK_FILE_CHOOSER_ACTION_OPEN,
                                                  L10n.tr("_Open"), L10n.tr("_Cancel"))!
        let links = gtk_file_filter_new()!
        gtk_file_filter_set_name(links, L10n.tr("Links files"))
        gtk_file_filter_add_mime_type(links, "text/plain")
        gtk_file_filter_add_mime_type(links, "text/uri-list")
        gtk_file_chooser_add_filter(chooser.opaque, links)
        let all = gtk_file_filter_new()!
        gtk_file_filter_set_name(all, L10n.tr("All files"))
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(chooser.opaque, all)
        g_object_unref(links.rawPointer)
        g_object_unref(all.rawPointer)
        gtk_native_dialog_set_modal(chooser.cast(), 1)
        // This reference keeps the chooser until it answers; the answer drops it.
        Signal.connect(chooser, .response) { response in
            defer {
                gtk_native_dialog_destroy(chooser.cast())
                g_object_unref(chooser.rawPointer)
            }
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(chooser.opaque) else { return }
            defer { g_object_unref(file.rawPointer) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            open(.file(URL(fileURLWithPath: String(cString: path))))
        }
        gtk_native_dialog_show(chooser.cast())
    }
}
