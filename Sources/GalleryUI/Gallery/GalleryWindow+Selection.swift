import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// Selection mode and what acts on the selection: the header's Select and Done, the action bar
/// at the foot (Save to Folder…, Copy Links, Open in Browser, Slideshow, Retry), and their keys.
extension GalleryWindow {
    /// Opening this many links at once asks first: each is a browser tab.
    static let browserTabsWithoutAsking = 5

    /// Keys that act on the selection; they work wherever the focus is but in a text field or a
    /// menu, whose own Ctrl+A and Escape come first.
    static let selectionActions: [ActionEntry<GalleryWindow>] = [
        .init(name: GalleryAction.select) { $0.grid.setSelecting(true) },
        .init(name: GalleryAction.selectAll, accelerators: ["<Control>a"]) { $0.grid.selectAll() },
        .init(name: GalleryAction.leaveSelection, accelerators: ["Escape"]) { $0.grid.setSelecting(false) },
        .init(name: GalleryAction.saveSelection, accelerators: ["<Control>s"]) { $0.saveSelection() },
        .init(name: GalleryAction.copySelectionLinks, accelerators: ["<Control>c"]) {
            LinkSharing.copyLinks($0.grid.selectedItems.compactMap(\.url))
        },
        .init(name: GalleryAction.openSelectionInBrowser) { $0.openSelectionInBrowser(confirmed: false) },
        .init(name: GalleryAction.slideshowSelection) { $0.slideshowOfSelection() },
        .init(name: GalleryAction.retrySelection) { $0.grid.retry($0.grid.selectedItems) },
        .init(name: GalleryAction.cancelSaving) { $0.saving?.cancel() },
    ]

    func installSelectionActions() {
        ActionTable.installKeys(Self.selectionActions, for: self, on: window.opaque, keysOn: window) { owner, name in
            owner.keyOutcome(for: name)
        }
        grid.onSelectionChange = { [weak self] in self?.selectionChanged() }
        selectionChanged()
    }

    /// The text field that has the keyboard focus (the filter's), if one has.
    var focusedTextField: UnsafeMutablePointer<GtkWidget>? {
        guard let focus = gtk_root_get_focus(window.opaque) else { return nil }
        let instance = focus.rawPointer.assumingMemoryBound(to: GTypeInstance.self)
        return g_type_check_instance_is_a(instance, gtk_editable_get_type()) != 0 ? focus : nil
    }

    private func keyOutcome(for name: String) -> KeyOutcome {
        if focusedTextField != nil { return .pass }
        if let focus = gtk_root_get_focus(window.opaque), gtk_widget_get_ancestor(focus, gtk_popover_get_type()) != nil {
            return .pass
        }
        switch name {
        case GalleryAction.selectAll.rawValue:
            return gtk_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) } == "grid" ? .activate : .pass
        default: return grid.isSelecting ? .activate : .pass
        }
    }

    // MARK: Building

    func buildSelectionHeader(_ header: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_tooltip_text(selectButton, L10n.tr("Select"))
        shim_accessible_set_label(selectButton.opaque, L10n.tr("Select"))
        gtk_actionable_set_action_name(selectButton.opaque, GalleryAction.select.detailedName)
        gtk_header_bar_pack_end(header.opaque, selectButton)
        gtk_actionable_set_action_name(doneButton.opaque, GalleryAction.leaveSelection.detailedName)
        gtk_widget_add_css_class(doneButton, "suggested-action")
        gtk_header_bar_pack_end(header.opaque, doneButton)
        gtk_button_set_icon_name(filterButton.cast(), "system-search-symbolic")
        gtk_widget_set_tooltip_text(filterButton, L10n.tr("Filter (Ctrl+F)"))
        shim_accessible_set_label(filterButton.opaque, L10n.tr("Filter"))
        // Bound to the filter bar once it is built, just after the first frame.
        gtk_widget_set_sensitive(filterButton, 0)
        gtk_header_bar_pack_end(header.opaque, filterButton)
    }

    /// The bar at the foot, made when selection mode first starts.
    private var selectionBar: SelectionBar {
        if let builtSelectionBar { return builtSelectionBar }
        let bar = SelectionBar(
            selectAll: .init(label: L10n.tr("Select All"), action: .selectAll, tooltip: "Ctrl+A"),
            verbs: [.init(label: L10n.tr("Retry Failed"), action: .retrySelection, tooltip: nil),
                    .init(label: L10n.tr("Slideshow"), action: .slideshowSelection, tooltip: nil),
                    .init(label: L10n.tr("Copy Links"), action: .copySelectionLinks, tooltip: "Ctrl+C"),
                    .init(label: L10n.tr("Open in Browser"), action: .openSelectionInBrowser, tooltip: nil)],
            primary: .init(label: L10n.tr("Save to Folder…"), action: .saveSelection, tooltip: "Ctrl+S"))
        builtSelectionBar = bar
        gtk_box_append(content.cast(), bar.widget)
        bar.fit(width: Int(gtk_widget_get_width(window)))
        return bar
    }

    /// The window's width changed: the selection bar, once made, fits it.
    func fitSelectionBar() {
        builtSelectionBar?.fit(width: Int(gtk_widget_get_width(window)))
    }

    // MARK: State

    /// Selection mode began or ended, or the selection changed: the header, the bar, the actions.
    func selectionChanged() {
        let selecting = grid.isSelecting, selected = grid.selectedItems
        if selecting || builtSelectionBar != nil { gtk_widget_set_visible(selectionBar.widget, selecting ? 1 : 0) }
        gtk_widget_set_visible(doneButton, selecting ? 1 : 0)
        gtk_widget_set_visible(selectButton, selecting ? 0 : 1)
        gtk_widget_set_visible(refreshButton, selecting ? 0 : 1)
        if let header = gtk_window_get_titlebar(window.cast()) {
            if selecting { gtk_widget_add_css_class(header, "selection-mode") } else { gtk_widget_remove_css_class(header, "selection-mode") }
        }
        let links = selected.filter { $0.url != nil }
        setEnabled(.saveSelection, links.contains(where: \.isImageLink) && saving == nil)
        setEnabled(.copySelectionLinks, !links.isEmpty)
        setEnabled(.openSelectionInBrowser, !links.isEmpty)
        setEnabled(.slideshowSelection, links.contains(where: \.isImageLink))
        setEnabled(.retrySelection, selected.contains { if case .failed = $0.state { true } else { false } })
        PerformanceTrace.shared.record(.gridSelection, selecting ? String(selected.count) : "off")
        updateSubtitle()
    }

    private func setEnabled(_ name: GalleryAction, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(window.opaque, name.rawValue) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    // MARK: Acting on the selection

    private func slideshowOfSelection() {
        let images = grid.selectedItems.filter(\.isImageLink)
        guard !images.isEmpty else { return }
        onOpenImage?(images, 0, true)
    }

    /// Each link in a tab; more than a handful asks first, in the banner.
    func openSelectionInBrowser(confirmed: Bool) {
        let urls = grid.selectedItems.compactMap(\.url)
        guard !urls.isEmpty else { return }
        if urls.count > Self.browserTabsWithoutAsking, !confirmed {
            banner.show(L10n.plural("Open %1$s link in the browser?", "Open %1$s links in the browser?", urls.count),
                        buttonLabel: L10n.tr("Open All")) { [weak self] in
                self?.banner.hide()
                self?.openSelectionInBrowser(confirmed: true)
            }
            return
        }
        for url in urls {
            do {
                try LinkSharing.openInBrowser(url) { [weak self] failure in self?.banner.show(ErrorMessages.explanation(for: failure)) }
            } catch let failure as LinkSharing.Failure {
                banner.show(ErrorMessages.explanation(for: failure))
                return
            } catch {}
        }
    }
}
