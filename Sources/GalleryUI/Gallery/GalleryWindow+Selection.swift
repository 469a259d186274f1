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

    /// Keys that act on the selection; they work wherever the focus is but in a text field,
    /// whose own Ctrl+A and Escape come first.
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
        switch name {
        case GalleryAction.selectAll.rawValue: return gtk_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) } == "grid" ? .activate : .pass
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
        g_object_bind_property(filterButton.rawPointer, "active", filterBar.widget.rawPointer, "search-mode-enabled",
                               GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
        gtk_header_bar_pack_end(header.opaque, filterButton)
    }

    func buildSelectionBar() {
        func button(_ label: String, _ action: GalleryAction, tooltip: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
            let button = gtk_button_new_with_label(label)!
            gtk_actionable_set_action_name(button.opaque, action.detailedName)
            if let tooltip { gtk_widget_set_tooltip_text(button, tooltip) }
            return button
        }
        gtk_action_bar_pack_start(selectionBar.opaque, button(L10n.tr("Select All"), .selectAll, tooltip: "Ctrl+A"))
        let save = button(L10n.tr("Save to Folder…"), .saveSelection, tooltip: "Ctrl+S")
        gtk_widget_add_css_class(save, "suggested-action")
        gtk_action_bar_pack_end(selectionBar.opaque, save)
        gtk_action_bar_pack_end(selectionBar.opaque, button(L10n.tr("Open in Browser"), .openSelectionInBrowser))
        gtk_action_bar_pack_end(selectionBar.opaque, button(L10n.tr("Copy Links"), .copySelectionLinks, tooltip: "Ctrl+C"))
        gtk_action_bar_pack_end(selectionBar.opaque, button(L10n.tr("Slideshow"), .slideshowSelection))
        gtk_action_bar_pack_end(selectionBar.opaque, button(L10n.tr("Retry Failed"), .retrySelection))
    }

    // MARK: State

    /// Selection mode began or ended, or the selection changed: the header, the bar, the actions.
    func selectionChanged() {
        let selecting = grid.isSelecting, selected = grid.selectedItems
        gtk_widget_set_visible(selectionBar, selecting ? 1 : 0)
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

    /// Save to Folder…: the selected pictures' originals, as downloaded, into a folder the
    /// person chooses; `folder` given skips the question (tests).
    func saveSelection(into folder: URL? = nil) {
        guard saving == nil else { return }
        let pictures = grid.selectedItems.filter(\.isImageLink).compactMap { item in
            item.url.map { PictureSaving.Picture(url: $0, title: ViewerItem.readableName(for: $0)) }
        }
        guard !pictures.isEmpty else { return }
        let images = services.images
        let saving = SaveToFolder(parent: window, pictures: pictures) { url in
            try await images.original(bytesFor: url, priority: .interactive)
        }
        saving.onProgress = { [weak self] done, total in self?.saveProgress.show(done: done, of: total) }
        saving.onFinish = { [weak self] report, folder in self?.savingFinished(report, folder: folder) }
        self.saving = saving
        selectionChanged()
        saving.run(into: folder)
    }

    private func savingFinished(_ report: PictureSaving.Report?, folder: URL?) {
        saving = nil
        saveProgress.hide()
        selectionChanged()
        guard let report else { return }
        let name = folder?.lastPathComponent ?? ""
        let message = ErrorMessages.saveReport(report, folderName: name)
        guard let folder, !report.saved.isEmpty else { return banner.show(message) }
        banner.show(message, buttonLabel: L10n.tr("Open Folder")) { [weak self] in
            self?.banner.hide()
            do {
                try LinkSharing.openFolder(folder) { [weak self] failure in self?.banner.show(ErrorMessages.explanation(for: failure)) }
            } catch let failure as LinkSharing.Failure {
                self?.banner.show(ErrorMessages.explanation(for: failure))
            } catch {}
        }
    }

    // MARK: Filter

    func filterChanged(_ filter: TileFilter) {
        // For tools/bench: from here to the frame that shows the tiles is a keystroke's cost.
        PerformanceTrace.shared.record(.gridFilter, filter.kind.rawValue)
        grid.show(filter)
        showGridOrNoMatch()
        updateSubtitle()
        PerformanceTrace.shared.recordAtNextPaint(of: window, .gridFilterPainted, String(grid.items.count))
    }

    /// The grid, or the words that say nothing matches the filter.
    func showGridOrNoMatch() {
        guard let name = gtk_stack_get_visible_child_name(stack.opaque).map({ String(cString: $0) }),
              name == "grid" || name == "no-match" else { return }
        if grid.items.isEmpty, !grid.list.all.isEmpty {
            gtk_label_set_text(noMatch.opaque, L10n.tr("No tiles match the filter."))
            gtk_stack_set_visible_child_name(stack.opaque, "no-match")
        } else {
            gtk_stack_set_visible_child_name(stack.opaque, "grid")
        }
    }
}
