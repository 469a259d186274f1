import CGtk

/// The header bar's primary menu and the tile context menu, as GMenu models.
@MainActor
enum MainMenu {
    /// `recent` is the window's recent-lists section, kept up to date by the window.
    static func primary(recent: OpaquePointer) -> OpaquePointer {
        let menu = g_menu_new()!
        let open = g_menu_new()!
        g_menu_append(open, L10n.tr("Open…"), GalleryAction.open.detailedName)
        g_menu_append(open, L10n.tr("Open Address…"), GalleryAction.openAddress.detailedName)
        g_menu_append_section(menu, nil, open.cast())
        g_object_unref(open.rawPointer)
        g_menu_append_section(menu, L10n.tr("Recent Lists"), recent.cast())
        let view = g_menu_new()!
        g_menu_append(view, L10n.tr("Hide Duplicates"), GalleryAction.hideDuplicates.detailedName)
        g_menu_append_section(menu, nil, view.cast())
        g_object_unref(view.rawPointer)
        let style = g_menu_new()!
        for (label, value) in [(L10n.tr("System"), "system"), (L10n.tr("Light"), "light"), (L10n.tr("Dark"), "dark")] {
            let item = g_menu_item_new(label, nil)!
            g_menu_item_set_action_and_target_value(item, AppAction.style.detailedName, g_variant_new_string(value))
            g_menu_append_item(style, item)
            g_object_unref(item.rawPointer)
        }
        g_menu_append_section(menu, L10n.tr("Style"), style.cast())
        g_object_unref(style.rawPointer)
        let other = g_menu_new()!
        g_menu_append(other, L10n.tr("Refresh"), GalleryAction.refresh.detailedName)
        g_menu_append(other, L10n.tr("Keyboard Shortcuts"), AppAction.shortcuts.detailedName)
        g_menu_append(other, L10n.tr("About Link Gallery"), AppAction.about.detailedName)
        g_menu_append_section(menu, nil, other.cast())
        g_object_unref(other.rawPointer)
        return menu
    }

    /// `canOpen` is false for links that are not images: they have nothing to show in the viewer.
    /// `host` (the server actually fetched) heads the menu, so a look-alike line cannot hide it.
    /// `links`: the lines that lead to the tile's picture while duplicates are hidden.
    static func tile(index: Int, canOpen: Bool, failed: Bool = false, host: String? = nil,
                     links: [(id: Int, line: String)] = []) -> OpaquePointer {
        let menu = g_menu_new()!
        let section = g_menu_new()!
        var items = [(L10n.tr("Open in Browser"), GalleryAction.openTileInBrowser.detailedName), (L10n.tr("Copy Link"), GalleryAction.copyTileLink.detailedName)]
        if canOpen {
            items.insert((L10n.tr("Open"), GalleryAction.openTile.detailedName), at: 0)
            items.insert((L10n.tr("Slideshow from Here"), GalleryAction.slideshowFromTile.detailedName), at: 1)
            items.append((L10n.tr("Open With…"), GalleryAction.openTileWith.detailedName))
        }
        if failed { items.append((L10n.tr("Failure Details…"), GalleryAction.tileFailureDetails.detailedName)) }
        for (label, action) in items {
            let item = g_menu_item_new(label, nil)!
            g_menu_item_set_action_and_target_value(item, action, g_variant_new_int32(Int32(index)))
            g_menu_append_item(section, item)
            g_object_unref(item.rawPointer)
        }
        g_menu_append_section(menu, host, section.cast())
        g_object_unref(section.rawPointer)
        if links.count > 1 { appendLinks(links, to: menu) }
        return menu
    }

    /// The lines that lead to a tile's picture (Hide Duplicates), each a submenu to open or copy
    /// it; `links` are item ids and lines, in list order.
    private static func appendLinks(_ links: [(id: Int, line: String)], to menu: OpaquePointer) {
        let section = g_menu_new()!
        for link in links {
            let verbs = g_menu_new()!
            for (label, action) in [(L10n.tr("Open in Browser"), GalleryAction.openCopyInBrowser), (L10n.tr("Copy Link"), .copyCopyLink)] {
                let item = g_menu_item_new(label, nil)!
                g_menu_item_set_action_and_target_value(item, action.detailedName, g_variant_new_int32(Int32(clamping: link.id)))
                g_menu_append_item(verbs, item)
                g_object_unref(item.rawPointer)
            }
            g_menu_append_submenu(section, link.line, verbs.cast())
            g_object_unref(verbs.rawPointer)
        }
        g_menu_append_section(menu, L10n.format("%1$s links", String(links.count)), section.cast())
        g_object_unref(section.rawPointer)
    }
}
