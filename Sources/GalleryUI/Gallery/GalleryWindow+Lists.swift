import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// The ways another list comes into the window: Open…, Open Address…, the recent lists,
/// a pasted address and a drop. Each ends in `show(_:)`.
extension GalleryWindow {
    func installListActions() {
        ActionTable.installIndexed(.openRecent, on: window) { [weak self] index in
            guard let self, let entry = self.services.recentLists.lists.entries[safe: index] else { return }
            self.show(entry.source)
        }
        services.recentLists.onChange = { [weak self] in self?.rebuildRecentMenu() }
        rebuildRecentMenu()
        LinksDropTarget.attach(to: window) { [weak self] source in self?.show(source) }
        TileDragSource.attach(to: grid, images: services.images)
    }

    private func rebuildRecentMenu() {
        g_menu_remove_all(recentMenu)
        let lists = services.recentLists.lists
        for (index, entry) in lists.entries.enumerated() {
            let item = g_menu_item_new(entry.name, nil)!
            g_menu_item_set_action_and_target_value(item, GalleryAction.openRecent.detailedName, g_variant_new_int32(Int32(index)))
            g_menu_append_item(recentMenu, item)
            g_object_unref(item.rawPointer)
        }
        if lists.canForget {
            g_menu_append(recentMenu, L10n.tr("Forget Recent Lists"), GalleryAction.forgetRecentLists.detailedName)
        }
    }

    func chooseFile() {
        OpenFileChooser.run(parent: window) { [weak self] source in self?.show(source) }
    }

    func askForAddress() {
        OpenAddressDialog.present(parent: window) { [weak self] source in self?.show(source) }
    }

    /// Ctrl+V: an http(s) address on the clipboard is offered in the banner, not opened at once,
    /// so a stray paste never replaces the list on screen.
    func pasteAddress() {
        // The key is the window's; in the filter's text field it pastes there, as anywhere else.
        if let field = focusedTextField {
            gtk_widget_activate_action_variant(field, "clipboard.paste", nil)
            return
        }
        ClipboardText.read(from: gtk_widget_get_display(window)) { [weak self] text in
            guard let self else { return }
            switch LinksSource.address(text ?? "") {
            case .success(let source):
                self.banner.show(L10n.format("Open the list at %1$s?", source.url.absoluteString),
                                 buttonLabel: L10n.tr("Open")) { [weak self] in
                    self?.banner.hide()
                    self?.show(source)
                }
            case .failure:
                self.banner.show(L10n.tr("The clipboard holds no web address of a links file."))
            }
        }
    }
}
