import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// Opens a links file or an address dropped on the gallery: `text/uri-list` (a file from the
/// file manager, a link from a browser) or `text/plain` holding one address.
@MainActor
enum LinksDropTarget {
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, open: @escaping @MainActor (LinksSource) -> Void) {
        let target = gtk_drop_target_new(GType(0), GDK_ACTION_COPY)!
        var types = [gdk_file_list_get_type(), g_type_from_name("gchararray")]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        Signal.connect(target, .drop) { target, value, _, _ in
            // A tile dragged within the window is a picture on its way out, not a list coming in.
            if let drop = gtk_drop_target_get_current_drop(OpaquePointer(target)), gdk_drop_get_drag(drop) != nil { return false }
            guard let value, let source = LinksDropTarget.source(in: value.assumingMemoryBound(to: GValue.self)) else { return false }
            open(source)
            return true
        }
        gtk_widget_add_controller(widget, target.opaque)
    }

    /// The first usable entry: a dropped file is a list the person chose; text must be a web address.
    nonisolated static func source(in value: UnsafePointer<GValue>) -> LinksSource? {
        if g_type_check_value_holds(value, gdk_file_list_get_type()) != 0 {
            guard let list = g_value_get_boxed(value) else { return nil }
            let files = gdk_file_list_get_files(OpaquePointer(list))
            defer { g_slist_free(files) }
            var node = files
            while let current = node {
                if let source = source(ofFile: OpaquePointer(current.pointee.data)) { return source }
                node = current.pointee.next
            }
            return nil
        }
        guard let text = g_value_get_string(value) else { return nil }
        let lines = String(cString: text).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.lazy.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .compactMap { try? LinksSource.address($0).get() }.first
    }

    private nonisolated static func source(ofFile file: OpaquePointer?) -> LinksSource? {
        guard let file else { return nil }
        if g_file_has_uri_scheme(file, "file") != 0, let path = g_file_get_path(file) {
            defer { g_free(path) }
            return .file(URL(fileURLWithPath: String(cString: path)))
        }
        guard let uri = g_file_get_uri(file) else { return nil }
        defer { g_free(uri) }
        return try? LinksSource.address(String(cString: uri)).get()
    }
}
