import CGtk
import CShims
import GObjectSupport

/// Buttons bound to window actions, each with a tooltip and an accessible name, because an
/// icon alone says nothing to a screen reader.
@MainActor
enum ViewerButtons {
    static func icon(_ iconName: String, label: String, action: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(iconName)!
        describe(button, label: label)
        gtk_actionable_set_action_name(button.opaque, action)
        return button
    }

    static func text(_ text: String, label: String, action: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(text)!
        describe(button, label: label)
        gtk_actionable_set_action_name(button.opaque, action)
        return button
    }

    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, label: String) {
        gtk_widget_set_tooltip_text(widget, label)
        shim_accessible_set_label(widget.opaque, label)
    }

    /// The Share menu's entries: every one is a `win.` action so menus elsewhere can reuse them
    /// (the long press on the picture does). The caller owns the returned reference.
    static func shareMenuModel() -> OpaquePointer {
        let menu = g_menu_new()!
        g_menu_append(menu, L10n.tr("Open in Browser"), ViewerAction.openInBrowser.detailedName)
        g_menu_append(menu, L10n.tr("Copy Link"), ViewerAction.copyLink.detailedName)
        g_menu_append(menu, L10n.tr("Copy Image"), ViewerAction.copyImage.detailedName)
        g_menu_append(menu, L10n.tr("Save Image As…"), ViewerAction.saveAs.detailedName)
        g_menu_append(menu, L10n.tr("Open With…"), ViewerAction.openWith.detailedName)
        return menu
    }

    static func shareMenu() -> UnsafeMutablePointer<GtkWidget> {
        let menu = shareMenuModel()
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "send-to-symbolic")
        gtk_menu_button_set_menu_model(button.opaque, menu.cast())
        g_object_unref(menu.rawPointer)
        describe(button, label: L10n.tr("Share"))
        return button
    }
}
