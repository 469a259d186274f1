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

    /// A button that stays pressed while its stateful action is on.
    static func toggle(_ iconName: String, label: String, action: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        gtk_button_set_icon_name(button.cast(), iconName)
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

    /// The picture's own menu: turning it, and making it the desktop's background.
    static func pictureMenu() -> UnsafeMutablePointer<GtkWidget> {
        menuButton(taking: pictureMenuModel(withCrop: true), icon: "view-more-symbolic", label: L10n.tr("Picture Menu"))
    }

    /// The one menu of a narrow window's header (`ViewerNarrowLayout`): what its bar under the
    /// picture leaves out — the slideshow, fullscreen and the picture's own menu. The caller
    /// owns the returned reference.
    static func narrowMenuModel() -> OpaquePointer {
        let menu = g_menu_new()!
        let views = g_menu_new()!
        g_menu_append(views, L10n.tr("Slideshow"), ViewerAction.slideshow.detailedName)
        g_menu_append(views, L10n.tr("Fullscreen"), ViewerAction.fullscreen.detailedName)
        for section in [views, pictureMenuModel(withCrop: true)] {
            g_menu_append_section(menu, nil, section.cast())
            g_object_unref(section.rawPointer)
        }
        return menu
    }

    /// What a long press or a right click on the picture offers, as Loupe's does: sharing it,
    /// then its own menu. The caller owns the returned reference.
    static func contextMenuModel() -> OpaquePointer {
        let menu = g_menu_new()!
        // Crop is the header's menu's and a key's: one more row and the menu no longer fits
        // below a finger in the middle of a small window.
        for section in [shareMenuModel(), pictureMenuModel(withCrop: false)] {
            g_menu_append_section(menu, nil, section.cast())
            g_object_unref(section.rawPointer)
        }
        return menu
    }

    private static func pictureMenuModel(withCrop: Bool) -> OpaquePointer {
        let menu = g_menu_new()!
        let turns = g_menu_new()!
        g_menu_append(turns, L10n.tr("Rotate Left"), ViewerAction.rotateLeft.detailedName)
        g_menu_append(turns, L10n.tr("Rotate Right"), ViewerAction.rotateRight.detailedName)
        g_menu_append(turns, L10n.tr("Flip Horizontally"), ViewerAction.flip.detailedName)
        g_menu_append_section(menu, nil, turns.cast())
        g_object_unref(turns.rawPointer)
        if withCrop { g_menu_append(menu, L10n.tr("Crop…"), ViewerAction.crop.detailedName) }
        g_menu_append(menu, L10n.tr("Print…"), ViewerAction.print.detailedName)
        g_menu_append(menu, L10n.tr("Set as Background…"), ViewerAction.setBackground.detailedName)
        return menu
    }

    static func shareMenu() -> UnsafeMutablePointer<GtkWidget> {
        menuButton(taking: shareMenuModel(), icon: "send-to-symbolic", label: L10n.tr("Share"))
    }

    /// A menu button for `menu`, whose reference it takes.
    private static func menuButton(taking menu: OpaquePointer, icon: String, label: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, icon)
        gtk_menu_button_set_menu_model(button.opaque, menu.cast())
        g_object_unref(menu.rawPointer)
        describe(button, label: label)
        return button
    }
}
