import CGtk
import GObjectSupport
import GalleryCore

/// A tile's context menu (right click, long press, Menu key): one at a time, pointing at the tile.
extension GalleryWindow {
    /// Opens the menu of entry `index` at (`x`, `y`) in `anchor`, its tile.
    func showContextMenu(for index: Int, anchor: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) {
        guard let item = grid.items[safe: index] else { return }
        dismissContextMenu()
        var failed = false
        if case .failed = item.state { failed = true }
        // Each line with the size of its original, as its thumbnail said: the largest is plain to
        // see. Cut in the middle: a menu is as wide as its longest label, and must fit a phone.
        let links: [(id: Int, line: String)] = grid.hidesDuplicates ? grid.list.links(of: item).map { link in
            let line = MiddleEllipsis.shortened(link.entry.text, maxCharacters: Self.menuLineCharacters)
            return (id: link.id, line: link.sourceSize.map { L10n.format("%1$s (%2$s × %3$s)", line, String($0.width), String($0.height)) } ?? line)
        } : []
        let model = MainMenu.tile(index: index, canOpen: item.isImageLink, failed: failed, host: item.entry.fetchedHost, links: links)
        let popover = gtk_popover_menu_new_from_model(model.cast())!
        g_object_unref(model.rawPointer)
        gtk_widget_set_parent(popover, anchor)
        var rect = GdkRectangle(x: gint(x), y: gint(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover.cast(), &rect)
        gtk_popover_set_has_arrow(popover.cast(), 0)
        contextMenu = popover
        // Detached once closed (after its action ran), so it never outlives the tile it points at.
        Signal.connect(popover, .closed) { [weak self] in
            MainLoopSource.onceWhenIdle {
                // Only this menu: another one may have opened in the meantime.
                if self?.contextMenu == popover { self?.dismissContextMenu() }
            }
        }
        gtk_popover_popup(popover.cast())
    }

    /// A failed tile's Details (its button, or its menu): what the repository knows of why.
    func showFailureDetails(of item: GridItem) {
        guard case .failed(let error) = item.state, let url = item.url else { return }
        FailureDetailsDialog.present(FailureDetails(url: url, error: error, report: services.images.failureReport(for: url)),
                                     parent: window) { [weak self] in self?.grid.retry([item]) }
    }

    /// The other lines that lead to `item`'s picture while it stands for them (Hide Duplicates),
    /// for the viewer's properties.
    func otherLinks(of item: GridItem) -> [ViewerItem.OtherLink] {
        guard grid.hidesDuplicates, item.linkCount > 1 else { return [] }
        return grid.list.links(of: item).filter { $0 !== item }.compactMap { link in
            link.entry.classification.address.map { ViewerItem.OtherLink(address: $0, size: link.sourceSize) }
        }
    }

    /// The most characters of a line a menu shows: with its size after it, within a 360 px phone.
    static let menuLineCharacters = 24

    func dismissContextMenu() {
        guard let contextMenu else { return }
        self.contextMenu = nil
        gtk_widget_unparent(contextMenu)
    }
}
