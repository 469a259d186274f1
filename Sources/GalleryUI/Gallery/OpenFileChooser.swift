import CGtk
import Foundation
import GalleryCore

/// Open…: the desktop's file chooser (through the portal when there is one) for a links file
/// on this computer.
@MainActor
enum OpenFileChooser {
    static func run(parent: UnsafeMutablePointer<GtkWidget>, open: @escaping @MainActor (LinksSource) -> Void) {
        FileChooser.ask(title: L10n.tr("Open a Links File"), action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: L10n.tr("_Open"),
                        parent: parent, configure: addFilters) { answer in
            if case .chosen(let path, _) = answer { open(.file(URL(fileURLWithPath: path))) }
        }
    }

    private static func addFilters(to chooser: OpaquePointer) {
        let links = gtk_file_filter_new()!
        gtk_file_filter_set_name(links, L10n.tr("Links files"))
        gtk_file_filter_add_mime_type(links, "text/plain")
        gtk_file_filter_add_mime_type(links, "text/uri-list")
        gtk_file_chooser_add_filter(chooser, links)
        let all = gtk_file_filter_new()!
        gtk_file_filter_set_name(all, L10n.tr("All files"))
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(chooser, all)
        g_object_unref(links.rawPointer)
        g_object_unref(all.rawPointer)
    }
}
