import CGtk
import CShims
import GObjectSupport

/// One action of a scope's table: its typed name, its keys and what it does to `Owner`.
struct ActionEntry<Owner: AnyObject> {
    let name: String
    let prefix: String
    /// The keys the Keyboard Shortcuts window and the README list, as GTK accelerators.
    let accelerators: [String]
    /// More keys for the same action that are not listed (keypad, Ctrl+ variants).
    let alternatives: [String]
    /// An on/off choice: a check in menus. The handler flips the owner's value, which then sets
    /// the action's state (`ActionTable.setState`).
    let isToggle: Bool
    let handler: @MainActor (Owner) -> Void

    init<Name: ActionName>(name: Name, accelerators: [String] = [], alternatives: [String] = [], isToggle: Bool = false,
                           handler: @escaping @MainActor (Owner) -> Void) {
        self.name = name.rawValue
        prefix = Name.prefix
        self.accelerators = accelerators
        self.alternatives = alternatives
        self.isToggle = isToggle
        self.handler = handler
    }

    var allAccelerators: [String] { accelerators + alternatives }
}

/// What a key of a window-local table does at the moment it is pressed.
enum KeyOutcome {
    /// Run the action.
    case activate
    /// Eat the key without running anything (a disabled page turn must not move focus).
    case swallow
    /// Let the key go on to the focused widget.
    case pass
}

/// Installs a scope's table: every entry becomes a GAction (menus, buttons and tests activate
/// it by name) and its keys trigger it, as gnome-text-editor declares its actions.
@MainActor
enum ActionTable {
    /// Adds the actions to `map` (a GtkApplication or GtkApplicationWindow) with their keys as
    /// application accelerators, active wherever the action exists.
    static func install<Owner>(_ entries: [ActionEntry<Owner>], for owner: Owner, on map: some GPointer,
                               application: OpaquePointer) {
        for entry in entries {
            addAction(entry, for: owner, to: map.opaque)
            setAccelerators(entry.allAccelerators, for: "\(entry.prefix).\(entry.name)", application: application)
        }
    }

    /// Adds the actions to `map` and their keys to `widget` alone, in the capture phase, so
    /// they come before the focused child's own handling of the same keys. `outcome` decides,
    /// per key press, whether the action runs, the key is eaten, or it goes on.
    static func installKeys<Owner>(_ entries: [ActionEntry<Owner>], for owner: Owner, on map: OpaquePointer,
                                   keysOn widget: UnsafeMutablePointer<GtkWidget>,
                                   outcome: @escaping @MainActor (Owner, String) -> KeyOutcome) {
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        for entry in entries {
            addAction(entry, for: owner, to: map)
            let name = entry.name
            for accelerator in entry.allAccelerators {
                guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else {
                    preconditionFailure("not an accelerator: \(accelerator)")
                }
                let action = ShortcutCallback.make { [weak owner] in
                    guard let owner else { return false }
                    switch outcome(owner, name) {
                    case .activate: g_action_group_activate_action(map, name, nil); return true
                    case .swallow: return true
                    case .pass: return false
                    }
                }
                gtk_shortcut_controller_add_shortcut(controller.opaque, gtk_shortcut_new(trigger, action))
            }
        }
        gtk_widget_add_controller(widget, controller)
    }

    /// An action that takes an `int32` (which tile a context menu is about).
    static func installIndexed(_ name: GalleryAction, on map: some GPointer, handler: @escaping @MainActor (Int) -> Void) {
        let type = g_variant_type_new("i")
        let action = g_simple_action_new(name.rawValue, type)!
        g_variant_type_free(type)
        Signal.connect(action, .actionActivated) { (parameter: UnsafeMutableRawPointer?) in
            guard let parameter else { return }
            handler(Int(g_variant_get_int32(OpaquePointer(parameter))))
        }
        g_action_map_add_action(map.opaque, action.opaque)
        g_object_unref(action.rawPointer)
    }

    /// A choice among strings (a radio group in a menu, such as the style): the action's state
    /// is the current value; `choose` applies a new one and says whether it was valid.
    static func installChoice<Name: ActionName>(_ name: Name, current: String, on map: some GPointer,
                                                choose: @escaping @MainActor (String) -> Bool) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new_stateful(name.rawValue, type, g_variant_new_string(current))!
        g_variant_type_free(type)
        // The handler belongs to the action, so the action outlives it.
        Signal.connect(action, .actionActivated) { (parameter: UnsafeMutableRawPointer?) in
            guard let parameter, let value = g_variant_get_string(OpaquePointer(parameter), nil),
                  choose(String(cString: value)) else { return }
            g_simple_action_set_state(action, OpaquePointer(parameter))
        }
        g_action_map_add_action(map.opaque, action.opaque)
        g_object_unref(action.rawPointer) // the map keeps it
    }

    /// Shows a toggle's value in its menus' checks.
    static func setState(_ name: some ActionName, _ on: Bool, on map: OpaquePointer) {
        guard let action = g_action_map_lookup_action(map, name.rawValue) else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
    }

    private static func addAction<Owner>(_ entry: ActionEntry<Owner>, for owner: Owner, to map: OpaquePointer) {
        // A handler on "activate" replaces GSimpleAction's own flipping of a toggle's state.
        let action = entry.isToggle ? g_simple_action_new_stateful(entry.name, nil, g_variant_new_boolean(0))!
            : g_simple_action_new(entry.name, nil)!
        let handler = entry.handler
        Signal.connect(action, .actionActivated) { [weak owner] (_: UnsafeMutableRawPointer?) in
            if let owner { handler(owner) }
        }
        g_action_map_add_action(map, action.opaque)
        g_object_unref(action.rawPointer) // the map keeps it
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
