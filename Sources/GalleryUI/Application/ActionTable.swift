import CGtk
import GObjectSupport

/// Declares GActions with their accelerators in one place, as GNOME apps do.
@MainActor
enum ActionTable {
    struct Entry {
        let name: String
        let accelerators: [String]
        let handler: @MainActor () -> Void
    }

    /// Adds plain actions to `map` (a GtkApplication or GtkApplicationWindow) and registers
    /// their accelerators under `prefix` ("app" or "win").
    static func install(_ entries: [Entry], on map: some GPointer, prefix: String, application: OpaquePointer) {
        for entry in entries {
            let action = g_simple_action_new(entry.name, nil)!
            Signal.connect(action, "activate") { (_: UnsafeMutableRawPointer?) in entry.handler() }
            g_action_map_add_action(map.opaque, action.opaque)
            g_object_unref(action.rawPointer)
            setAccelerators(entry.accelerators, for: "\(prefix).\(entry.name)", application: application)
        }
    }

    /// An action that takes an `int32` (which tile a context menu is about).
    static func installIndexed(_ name: String, on map: some GPointer, handler: @escaping @MainActor (Int) -> Void) {
        let type = g_variant_type_new("i")
        let action = g_simple_action_new(name, type)!
        g_variant_type_free(type)
        Signal.connect(action, "activate") { (parameter: UnsafeMutableRawPointer?) in
            guard let parameter else { return }
            handler(Int(g_variant_get_int32(OpaquePointer(parameter))))
        }
        g_action_map_add_action(map.opaque, action.opaque)
        g_object_unref(action.rawPointer)
    }

    static func setAccelerators(_ accelerators: [String], for detailedName: String, application: OpaquePointer) {
        guard !accelerators.isEmpty else { return }
        var pointers = accelerators.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(application.cast(), detailedName, $0)
            }
        }
    }
}
