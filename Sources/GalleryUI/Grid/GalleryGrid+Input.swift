import CGtk
import Foundation
import GObjectSupport

/// Pointer, touch and keyboard on the grid: context menus, tooltips, Retry, and the keys that jump
/// further than the FlowBox's own children reach (Home, End, Page Up, Page Down).
extension GalleryGrid {
    func connectInput() {
        let rightClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(rightClick.opaque, guint(GDK_BUTTON_SECONDARY))
        Signal.connect(rightClick, .pressed) { [weak self] (_: Int32, x: Double, y: Double) in
            self?.openContextMenu(x: x, y: y)
        }
        gtk_widget_add_controller(flowBox, rightClick.opaque)
        // A long press selects, as in GNOME Photos and every phone's gallery; once selecting
        // (where taps toggle), a long press opens the tile's menu: every verb of a tile is
        // reachable by fingers alone, as a right click or the Menu key reaches it.
        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(longPress.opaque, 1)
        Signal.connect(longPress, .longPressed) { [weak self] (x: Double, y: Double) in
            guard let self, let child = gtk_flow_box_get_child_at_pos(self.flowBox.opaque, Int32(x), Int32(y)),
                  let index = self.tiles.index(of: UnsafeMutableRawPointer(child)) else { return }
            if self.isSelecting { self.openContextMenu(x: x, y: y) } else { self.startSelecting(with: index) }
        }
        gtk_widget_add_controller(flowBox, longPress.opaque)

        // One tooltip handler for every tile, asked only when a tooltip is about to show.
        gtk_widget_set_has_tooltip(flowBox, 1)
        Signal.connect(flowBox, .queryTooltip) { [weak self] x, y, keyboard, tooltip in
            self?.fillTooltip(tooltip, x: x, y: y, keyboard: keyboard) ?? false
        }

        // Before the FlowBox: its own Home and End would stop at the first and last tile that
        // has a widget, not at the ends of the list. Without a focused tile the keys go on.
        let group = g_simple_action_group_new()!
        gtk_widget_insert_action_group(flowBox, GridAction.prefix, group.opaque)
        ActionTable.installKeys(Self.actions, for: self, on: group.opaque, keysOn: flowBox) { grid, name in
            guard let focused = grid.focusedIndex() else { return .pass }
            if name == GridAction.menu.rawValue { return grid.items[focused].url != nil ? .activate : .pass }
            return grid.layout != nil ? .activate : .pass
        }
        g_object_unref(group.rawPointer) // the FlowBox keeps it
    }

    /// The keys that jump over the whole list, and the tile menu's. With Shift or Ctrl they do
    /// the same, as they did when a key handler ignored modifiers.
    static let actions: [ActionEntry<GalleryGrid>] = [
        .init(name: GridAction.first, accelerators: ["Home"], alternatives: variants("Home") + variants("KP_Home")) {
            $0.focusItem(at: 0)
        },
        .init(name: GridAction.last, accelerators: ["End"], alternatives: variants("End") + variants("KP_End")) {
            $0.focusItem(at: $0.items.count - 1)
        },
        .init(name: GridAction.pageUp, accelerators: ["Page_Up"], alternatives: variants("Page_Up") + variants("KP_Page_Up")) {
            $0.focusPage(by: -1)
        },
        .init(name: GridAction.pageDown, accelerators: ["Page_Down"], alternatives: variants("Page_Down") + variants("KP_Page_Down")) {
            $0.focusPage(by: 1)
        },
        // The keyboard way to a tile's menu, as in every GTK list.
        .init(name: GridAction.menu, accelerators: ["Menu", "<Shift>F10"]) { _ = $0.openContextMenuForFocusedTile() },
    ]

    private static func variants(_ key: String) -> [String] {
        let all = ["", "<Shift>", "<Control>", "<Control><Shift>"].map { $0 + key }
        return key.hasPrefix("KP_") ? all : Array(all.dropFirst())
    }

    /// Moves the focus a screenful of whole rows up or down.
    private func focusPage(by direction: Int) {
        guard let layout, let focused = focusedIndex() else { return }
        let page = max(Int((gtk_adjustment_get_page_size(vadjustment) / layout.rowHeight).rounded(.down)), 1) * layout.columns
        focusItem(at: min(max(focused + direction * page, 0), items.count - 1))
    }

    private func focusedIndex() -> Int? {
        tiles.index(of: gtk_widget_get_focus_child(flowBox).map { UnsafeMutableRawPointer($0) })
    }

    /// Scrolls entry `index` into view and gives its tile keyboard focus.
    func focusItem(at index: Int) {
        guard let layout, items.indices.contains(index) else { return }
        let edge = Double(Self.edge)
        let value = gtk_adjustment_get_value(vadjustment), page = gtk_adjustment_get_page_size(vadjustment)
        let rowTop = edge + layout.top(ofRow: layout.row(of: index))
        let rowBottom = rowTop + layout.rowHeight
        var target = value
        if layout.row(of: index) == 0 {
            target = 0
        } else if layout.row(of: index) == layout.rows - 1 {
            target = gtk_adjustment_get_upper(vadjustment) - page
        } else if rowTop < value {
            target = rowTop
        } else if rowBottom > value + page {
            target = rowBottom - page
        }
        let wasShown = tiles.view(at: index) != nil
        gtk_adjustment_set_value(vadjustment, target)
        updateWindow()
        guard let view = tiles.view(at: index) else { return }
        if wasShown {
            focus(view.child, keeping: target)
        } else {
            focusWhenLaidOut(view.child, keeping: target)
        }
    }

    /// Gives `child` focus with the view scrolled to `value`: the viewport's own scroll to the
    /// focused widget is animated and, for a tile that just moved, aimed at a stale place;
    /// setting the value right after stops it.
    private func focus(_ child: UnsafeMutablePointer<GtkWidget>, keeping value: Double) {
        gtk_widget_grab_focus(child)
        gtk_adjustment_set_value(vadjustment, value)
    }

    /// The focused tile was scrolled away with the wheel or scrollbar: keep keyboard focus in
    /// the grid, on the first tile wholly on screen, instead of losing it to the window.
    func focusFirstVisibleTile() {
        guard let layout else { return }
        let top = gtk_adjustment_get_value(vadjustment) - Double(Self.edge)
        let row = Int((top / layout.rowHeight).rounded(.up))
        guard let view = tiles.view(at: row * layout.columns) ?? tiles.views.first else { return }
        focusWhenLaidOut(view.child, keeping: nil)
    }

    /// A tile that just entered the FlowBox has no position until the next layout; focusing it
    /// earlier would make the viewport scroll to a stale place.
    /// `value` is where the view should be then; nil keeps it wherever scrolling has taken it.
    private func focusWhenLaidOut(_ child: UnsafeMutablePointer<GtkWidget>, keeping value: Double?) {
        focusAfterLayout.afterNextLayout { [weak self] in
            guard let self, self.tiles.views.contains(where: { $0.child == child }) else { return }
            self.focus(child, keeping: value ?? gtk_adjustment_get_value(self.vadjustment))
        }
    }

    private func fillTooltip(_ tooltip: OpaquePointer, x: Int32, y: Int32, keyboard: Bool) -> Bool {
        let child = keyboard ? gtk_widget_get_focus_child(flowBox).map { UnsafeMutableRawPointer($0) }
            : gtk_flow_box_get_child_at_pos(flowBox.opaque, x, y).map { UnsafeMutableRawPointer($0) }
        guard let index = tiles.index(of: child), let view = tiles.view(at: index) else { return false }
        gtk_tooltip_set_text(tooltip, items[index].tooltipText)
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(view.child, flowBox, &bounds) != 0 {
            // The tooltip follows the pointer from tile to tile instead of sticking to the grid.
            var area = GdkRectangle(x: gint(bounds.origin.x), y: gint(bounds.origin.y),
                                    width: gint(bounds.size.width), height: gint(bounds.size.height))
            gtk_tooltip_set_tip_area(tooltip, &area)
        }
        return true
    }

    private func openContextMenuForFocusedTile() -> Bool {
        guard let index = focusedIndex(), let view = tiles.view(at: index), items[index].url != nil else { return false }
        onContextMenu?(index, view.child, Double(gtk_widget_get_width(view.child)) / 2, Double(gtk_widget_get_height(view.child)) / 2)
        return true
    }

    private func openContextMenu(x: Double, y: Double) {
        guard let child = gtk_flow_box_get_child_at_pos(flowBox.opaque, Int32(x), Int32(y)),
              let index = tiles.index(of: UnsafeMutableRawPointer(child)), let view = tiles.view(at: index),
              items[index].url != nil else { return }
        var childX = 0.0, childY = 0.0
        gtk_widget_translate_coordinates(flowBox, view.child, x, y, &childX, &childY)
        onContextMenu?(index, view.child, childX, childY)
    }

    /// A person pressed a tile's Retry.
    func retry(fromTile item: GridItem) {
        planner.retryNow(item)
        // The FlowBox's own gestures saw the finger come down on the tile but not lift (the
        // button took the release), and touches reuse their ids: the next tap on a picture was
        // taken for the end of that old touch, and opened nothing (`test_touch.py`, Retry then
        // a tap in the viewer). They start clean once this tap is over.
        MainLoopSource.onceWhenIdle { [weak self] in self?.resetFlowBoxGestures() }
    }

    /// Retry of a selection: the failed ones load again, now, as if each Retry were pressed.
    func retry(_ chosen: [GridItem]) {
        for item in chosen { if case .failed = item.state { planner.retryNow(item) } }
    }

    private func resetFlowBoxGestures() {
        guard let controllers = gtk_widget_observe_controllers(flowBox) else { return }
        defer { g_object_unref(controllers.rawPointer) }
        ListModelItems.forEach(in: controllers) { gtk_event_controller_reset($0) }
    }
}
