import CGtk
import CShims
import GObjectSupport

/// The zoom level button: it says the level, and opens a menu of levels (Best Fit, 50 to
/// 400 %), a field to type one in, and "Keep Zoom When Paging", as GNOME Image Viewer 48's does.
/// Every entry is a `win.` action with its key, so the menu, the keys and tests stay in step.
@MainActor
final class ViewerZoomMenu {
    let button: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private static let entrySlot = "zoom-level-entry"

    /// `apply` gets the level typed, 1 being 100 %.
    init(apply: @escaping @MainActor (Double) -> Void) {
        button = gtk_menu_button_new()!
        label = L10n.tr("Best Fit")
        gtk_menu_button_set_label(button.opaque, label)
        gtk_widget_add_css_class(button, "numeric")
        gtk_widget_set_size_request(button, 90, -1)
        ViewerButtons.describe(button, label: L10n.tr("Zoom Level"))
        let menu = Self.model()
        gtk_menu_button_set_menu_model(button.opaque, menu.cast())
        g_object_unref(menu.rawPointer)

        entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(entry.cast(), L10n.tr("Level in %"))
        gtk_entry_set_input_purpose(entry.cast(), GTK_INPUT_PURPOSE_NUMBER)
        gtk_editable_set_width_chars(entry.opaque, 8)
        shim_accessible_set_label(entry.opaque, L10n.tr("Zoom Level in Percent"))
        if let popover = gtk_menu_button_get_popover(button.opaque) {
            gtk_popover_menu_add_child(popover.opaque, entry, Self.entrySlot)
        }
        let entry = entry, button = button
        Signal.connect(entry, .activate) {
            let text = String(cString: gtk_editable_get_text(entry.opaque))
            guard let level = ZoomLevelText.level(typed: text) else {
                gtk_widget_add_css_class(entry, "error")
                gtk_widget_error_bell(entry)
                return
            }
            gtk_widget_remove_css_class(entry, "error")
            gtk_editable_set_text(entry.opaque, "")
            gtk_menu_button_popdown(button.opaque)
            apply(level)
        }
    }

    /// GTK 4.8 builds the button's label and arrow anew on every call: a pan changes the zoom
    /// every frame, and rebuilding the header bar's button each time cost a kinetic glide its frames.
    func setLabel(_ text: String) {
        guard text != label else { return }
        label = text
        gtk_menu_button_set_label(button.opaque, text)
    }

    private(set) var label: String

    private static func model() -> OpaquePointer {
        let menu = g_menu_new()!
        let levels = g_menu_new()!
        append(L10n.tr("Best Fit"), .zoomBestFit, to: levels)
        let actions: [ViewerAction] = [.zoomHalf, .zoomOriginal, .zoomDouble, .zoomQuadruple]
        for (level, action) in zip(ZoomLevelText.menuLevels, actions) {
            append(ZoomLevelText.label(for: level), action, to: levels)
        }
        let typed = g_menu_item_new(nil, nil)!
        g_menu_item_set_attribute_value(typed, "custom", g_variant_new_string(entrySlot))
        g_menu_append_item(levels, typed)
        g_object_unref(typed.rawPointer)
        g_menu_append_section(menu, nil, levels.cast())
        g_object_unref(levels.rawPointer)
        let keep = g_menu_new()!
        append(L10n.tr("Keep Zoom When Paging"), .keepZoom, to: keep)
        g_menu_append_section(menu, nil, keep.cast())
        g_object_unref(keep.rawPointer)
        return menu
    }

    /// An item that shows its key: the viewer's keys are the window's own, which menus do not
    /// find by themselves.
    private static func append(_ label: String, _ action: ViewerAction, to menu: OpaquePointer) {
        let item = g_menu_item_new(label, action.detailedName)!
        if let key = ViewerWindow.actions.first(where: { $0.name == action.rawValue })?.accelerators.first {
            g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(key))
        }
        g_menu_append_item(menu, item)
        g_object_unref(item.rawPointer)
    }
}
