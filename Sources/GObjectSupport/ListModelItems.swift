import CGtk

/// The objects of a `GListModel` (monitors, a widget's event controllers), each lent to `body`:
/// `g_list_model_get_item` returns a new reference, given back here after `body` returns.
public enum ListModelItems {
    public static func forEach(in model: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        for position in 0..<g_list_model_get_n_items(model) {
            guard let item = g_list_model_get_item(model, position) else { continue }
            body(OpaquePointer(item))
            g_object_unref(item)
        }
    }
}
