import CGtk
import GObjectSupport

/// Selection mode, as in GNOME Photos: a click or tap toggles a tile, Shift+click adds a range,
/// Ctrl+click or a long press on a tile starts it, and every other click opens the viewer.
///
/// The selection lives in `selection` (by item id), since most tiles have no widget. The FlowBox
/// mirrors it on the tiles that have one (`mirrorSelection`), in its own MULTIPLE mode, so the
/// tiles draw as selected and screen readers read the grid's AT-SPI Selection and each tile's
/// selected state. The FlowBox also selects by itself (a focus move selects the focused child
/// alone); those changes are undone as they are announced.
extension GalleryGrid {
    func connectSelectionInput() {
        // Before the FlowBox's own click: the keys held are read when it activates the tile.
        let press = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(press.opaque, GTK_PHASE_CAPTURE)
        Signal.connect(press, .pressed) { [weak self] (_: Int32, _: Double, _: Double) in
            self?.pressModifiers = gtk_event_controller_get_current_event_state(press.opaque)
        }
        Signal.connect(press, .released) { [weak self] (_: Int32, _: Double, _: Double) in
            // After this event is handled: a later key press activates without the old keys.
            MainLoopSource.onceWhenIdle { self?.pressModifiers = GdkModifierType(rawValue: 0) }
        }
        gtk_widget_add_controller(flowBox, press.opaque)
        turnOffRubberband()
        Signal.connect(flowBox, .selectedChildrenChanged) { [weak self] in
            guard let self, !self.isMirroringSelection else { return }
            self.mirrorSelection()
        }
    }

    /// In its MULTIPLE mode the FlowBox selects by dragging a rubberband, and claims the drag:
    /// a finger could no longer scroll the grid, nor a mouse drag the selection out. Its drag
    /// gesture (the only GtkGestureDrag on it) is turned off; taps and clicks select instead.
    private func turnOffRubberband() {
        guard let controllers = gtk_widget_observe_controllers(flowBox) else { return }
        defer { g_object_unref(controllers.rawPointer) }
        ListModelItems.forEach(in: controllers) { controller in
            let instance = controller.rawPointer.assumingMemoryBound(to: GTypeInstance.self)
            if instance.pointee.g_class.pointee.g_type == gtk_gesture_drag_get_type() {
                gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_NONE)
            }
        }
    }

    /// A tile was clicked, tapped or activated with Enter or Space.
    func activated(_ index: Int) {
        let modifiers = pressModifiers.rawValue
        pressModifiers = GdkModifierType(rawValue: 0)
        guard let item = items[safe: index] else { return }
        if isSelecting {
            if modifiers & GDK_SHIFT_MASK.rawValue != 0 {
                selection.extend(to: item.id, in: items.map(\.id))
            } else {
                selection.toggle(item.id)
            }
            selectionChanged()
        } else if modifiers & GDK_CONTROL_MASK.rawValue != 0 {
            startSelecting(with: index)
        } else {
            onActivate?(index)
        }
    }

    /// Enters selection mode with entry `index` selected (a long press, a Ctrl+click).
    func startSelecting(with index: Int?) {
        if !isSelecting { setSelecting(true) }
        if let item = index.flatMap({ items[safe: $0] }) { selection.select(item.id) }
        selectionChanged()
    }

    func setSelecting(_ selecting: Bool) {
        guard selecting != isSelecting else { return }
        isSelecting = selecting
        if !selecting { selection.clear() }
        isMirroringSelection = true
        gtk_flow_box_set_selection_mode(flowBox.opaque, selecting ? GTK_SELECTION_MULTIPLE : GTK_SELECTION_NONE)
        isMirroringSelection = false
        if selecting { gtk_widget_add_css_class(flowBox, "selecting") } else { gtk_widget_remove_css_class(flowBox, "selecting") }
        for view in tiles.views { view.showsCheck(selecting) }
        selectionChanged()
    }

    /// Ctrl+A: every tile shown (a filter narrows what "all" is).
    func selectAll() {
        if !isSelecting { setSelecting(true) }
        selection.selectAll(items.map(\.id))
        selectionChanged()
    }

    /// The selected tiles, in the order shown.
    var selectedItems: [GridItem] {
        selection.isEmpty ? [] : items.filter { selection.contains($0.id) }
    }

    /// Tiles a new list or filter took away leave the selection.
    func selectionShownChanged() {
        guard isSelecting, !selection.isEmpty else { return }
        let before = selection
        selection.keepOnly(Set(items.map(\.id)))
        if selection != before { onSelectionChange?() }
    }

    private func selectionChanged() {
        mirrorSelection()
        onSelectionChange?()
    }

    /// Makes the FlowBox's selection that of `selection` on the tiles that have widgets.
    func mirrorSelection() {
        guard isSelecting else { return }
        isMirroringSelection = true
        defer { isMirroringSelection = false }
        for view in tiles.views {
            let wanted = view.item.map { selection.contains($0.id) } == true
            view.showsCheck(true)
            guard (gtk_flow_box_child_is_selected(view.child.cast()) != 0) != wanted else { continue }
            if wanted {
                gtk_flow_box_select_child(flowBox.opaque, view.child.cast())
            } else {
                gtk_flow_box_unselect_child(flowBox.opaque, view.child.cast())
            }
        }
    }
}
