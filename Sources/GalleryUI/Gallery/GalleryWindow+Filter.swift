import CGtk
import GObjectSupport

/// The filter bar's choice applied to the grid, and the page that says nothing matches.
extension GalleryWindow {
    /// The filter bar, built on first use: Ctrl+F, the header's Filter button, or once the
    /// first frame is painted (from then on typing in the grid starts a search).
    var filterBar: FilterBar {
        if let builtFilterBar { return builtFilterBar }
        let bar = FilterBar(keysFrom: window)
        builtFilterBar = bar
        gtk_box_insert_child_after(content.cast(), bar.widget, sandboxNotice.widget)
        bar.onChange = { [weak self] filter in self?.filterChanged(filter) }
        bar.onDone = { [weak self] in self?.grid.focusItem(at: 0) }
        g_object_bind_property(filterButton.rawPointer, "active", bar.widget.rawPointer, "search-mode-enabled",
                               GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
        gtk_widget_set_sensitive(filterButton, 1)
        return bar
    }

    /// What the first frame need not wait for is made once it has been painted.
    func buildAfterFirstFrame() {
        Signal.connectOnce(window, .map) { [weak self] in
            guard let self, let clock = gtk_widget_get_frame_clock(self.window) else { return }
            Signal.connectOnce(clock, .afterPaint) {
                MainLoopSource.onceWhenIdle { [weak self] in _ = self?.filterBar }
            }
        }
    }

    func filterChanged(_ chosen: TileFilter) {
        // For tools/bench: from here to the frame that shows the tiles is a keystroke's cost.
        PerformanceTrace.shared.record(.gridFilter, chosen.kind.rawValue)
        var filter = chosen
        filter.hidesDuplicates = grid.hidesDuplicates // the main menu's, not the bar's
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
            let onlyTried = grid.list.filter.kind == .failed && grid.list.untriedCount > 0
            gtk_label_set_text(noMatch.opaque, onlyTried ? L10n.tr("No failed links among those loaded so far.")
                                                         : L10n.tr("No tiles match the filter."))
            gtk_stack_set_visible_child_name(stack.opaque, "no-match")
        } else {
            gtk_stack_set_visible_child_name(stack.opaque, "grid")
        }
    }
}
