import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// The thumbnail grid: a GtkFlowBox of tiles in a scrolled window.
///
/// FlowBox does not recycle children, so the grid decides which tiles hold textures: tiles within
/// one screen of the viewport load (on-screen ones first), tiles more than three screens away drop
/// their textures and cancel their transfers. Memory then stays bounded on huge files.
@MainActor
final class GalleryGrid {
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    let flowBox: UnsafeMutablePointer<GtkWidget>
    private let repository: ImageRepository
    private let retries: RetryScheduler
    private let cellStyle: UnsafeMutablePointer<GtkCssProvider>
    private(set) var tiles: [Tile] = []
    /// Tiles that are "Not an image" or "Invalid entry"; the rest are image links.
    private(set) var placeholderCount = 0
    private var settledCount = 0
    private lazy var visibilityUpdate = IdleCoalescer { [weak self] in self?.updateVisibility() }
    private var cellSide: Int32 = 0
    private lazy var cellHeightUpdate = IdleCoalescer { [weak self] in self?.updateCellHeight() }
    private let cellStyleName = "gallery-grid-\(UInt32.random(in: 0...UInt32.max))"
    var onActivate: (@MainActor (Tile) -> Void)?
    var onContextMenu: (@MainActor (Tile, Double, Double) -> Void)?
    var onTileStateChange: (@MainActor () -> Void)?

    init(repository: ImageRepository, retries: RetryScheduler) {
        self.repository = repository
        self.retries = retries
        flowBox = gtk_flow_box_new()
        let box = flowBox.opaque
        gtk_widget_add_css_class(flowBox, "gallery-grid")
        gtk_flow_box_set_homogeneous(box, 1)
        gtk_flow_box_set_min_children_per_line(box, 1)
        // The default of 7 would cap the columns; cells must stay 100–120 px on wide screens.
        gtk_flow_box_set_max_children_per_line(box, 1000)
        gtk_flow_box_set_row_spacing(box, 0)
        gtk_flow_box_set_column_spacing(box, 0)
        gtk_flow_box_set_selection_mode(box, GTK_SELECTION_NONE)
        gtk_flow_box_set_activate_on_single_click(box, 1)
        gtk_widget_set_valign(flowBox, GTK_ALIGN_START)
        shim_accessible_set_label(flowBox.opaque, L10n.tr("Images"))

        scrolledWindow = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(scrolledWindow.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_kinetic_scrolling(scrolledWindow.opaque, 1)
        gtk_scrolled_window_set_child(scrolledWindow.opaque, flowBox)
        gtk_widget_set_vexpand(scrolledWindow, 1)
        gtk_widget_set_hexpand(scrolledWindow, 1)

        cellStyle = gtk_css_provider_new()
        gtk_widget_set_name(flowBox, cellStyleName)
        if let display = gdk_display_get_default() {
            gtk_style_context_add_provider_for_display(display, cellStyle.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1))
            let provider = cellStyle
            Signal.connect(flowBox, "destroy") {
                gtk_style_context_remove_provider_for_display(display, provider.opaque)
            }
        }
        connectSignals()
    }

    private func connectSignals() {
        Signal.connect(flowBox, "child-activated") { [weak self] (child: UnsafeMutableRawPointer?) in
            guard let self, let tile = self.tile(for: child) else { return }
            self.onActivate?(tile)
        }
        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolledWindow.opaque)!
        Signal.connect(vadjustment, "value-changed") { [weak self] in self?.scheduleVisibilityUpdate() }
        Signal.connect(vadjustment, "changed") { [weak self] in self?.scheduleVisibilityUpdate() }
        // The horizontal adjustment's page size is the viewport width: it changes on every
        // resize, maximize and fullscreen, unlike `notify::default-width`.
        let hadjustment = gtk_scrolled_window_get_hadjustment(scrolledWindow.opaque)!
        Signal.connect(hadjustment, "changed") { [weak self] in self?.cellHeightUpdate.schedule() }

        let rightClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(rightClick.opaque, guint(GDK_BUTTON_SECONDARY))
        Signal.connect(rightClick, "pressed") { [weak self] (_: Int32, x: Double, y: Double) in
            self?.openContextMenu(x: x, y: y)
        }
        gtk_widget_add_controller(flowBox, rightClick.opaque)
        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(longPress.opaque, 1)
        Signal.connect(longPress, "pressed") { [weak self] (x: Double, y: Double) in
            self?.openContextMenu(x: x, y: y)
        }
        gtk_widget_add_controller(flowBox, longPress.opaque)

        // One tooltip handler for every tile, asked only when a tooltip is about to show.
        gtk_widget_set_has_tooltip(flowBox, 1)
        Signal.connectQueryTooltip(flowBox) { [weak self] x, y, keyboard, tooltip in
            self?.fillTooltip(tooltip, x: x, y: y, keyboard: keyboard) ?? false
        }

        // The keyboard way to a tile's menu, as in every GTK list: the Menu key or Shift+F10.
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys) { [weak self] keyval, state in
            let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard keyval == UInt32(GDK_KEY_Menu) || (keyval == UInt32(GDK_KEY_F10) && shift) else { return false }
            return self?.openContextMenuForFocusedTile() ?? false
        }
        gtk_widget_add_controller(flowBox, keys)
    }

    private func fillTooltip(_ tooltip: OpaquePointer, x: Int32, y: Int32, keyboard: Bool) -> Bool {
        let child = keyboard ? gtk_widget_get_focus_child(flowBox).map { UnsafeMutableRawPointer($0) }
            : gtk_flow_box_get_child_at_pos(flowBox.opaque, x, y).map { UnsafeMutableRawPointer($0) }
        guard let tile = tile(for: child) else { return false }
        gtk_tooltip_set_text(tooltip, tile.tooltipText)
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(tile.child, flowBox, &bounds) != 0 {
            // The tooltip follows the pointer from tile to tile instead of sticking to the grid.
            var area = GdkRectangle(x: gint(bounds.origin.x), y: gint(bounds.origin.y),
                                    width: gint(bounds.size.width), height: gint(bounds.size.height))
            gtk_tooltip_set_tip_area(tooltip, &area)
        }
        return true
    }

    private func openContextMenuForFocusedTile() -> Bool {
        guard let focus = gtk_widget_get_focus_child(flowBox),
              let tile = tile(for: UnsafeMutableRawPointer(focus)), tile.url != nil else { return false }
        onContextMenu?(tile, Double(gtk_widget_get_width(tile.child)) / 2, Double(gtk_widget_get_height(tile.child)) / 2)
        return true
    }

    private func openContextMenu(x: Double, y: Double) {
        guard let child = gtk_flow_box_get_child_at_pos(flowBox.opaque, Int32(x), Int32(y)),
              let tile = tile(for: UnsafeMutableRawPointer(child)), tile.url != nil else { return }
        var childX = 0.0, childY = 0.0
        gtk_widget_translate_coordinates(flowBox, tile.child, x, y, &childX, &childY)
        onContextMenu?(tile, childX, childY)
    }

    private func tile(for child: UnsafeMutableRawPointer?) -> Tile? {
        guard let child else { return nil }
        let index = Int(gtk_flow_box_child_get_index(child.cast()))
        return tiles.indices.contains(index) ? tiles[index] : nil
    }

    // MARK: Content

    /// Shows `entries`, reusing tiles whose line text is unchanged so their thumbnails stay.
    func show(_ entries: [LinkEntry]) {
        guard entries != tiles.map(\.entry) else { return }
        PerformanceTrace.shared.record("grid-show-begin", String(entries.count))
        defer { PerformanceTrace.shared.record("grid-show-end", String(entries.count)) }
        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolledWindow.opaque)
        let scrollPosition = vadjustment.map { gtk_adjustment_get_value($0) } ?? 0

        var reusable: [String: [Tile]] = [:]
        for tile in tiles {
            gtk_flow_box_remove(flowBox.opaque, tile.child)
            reusable[tile.entry.text, default: []].append(tile)
        }
        tiles = entries.map { entry in
            if var candidates = reusable[entry.text], let index = candidates.firstIndex(where: { $0.entry == entry }) {
                let tile = candidates.remove(at: index)
                reusable[entry.text] = candidates
                return tile
            }
            return makeTile(entry)
        }
        for leftover in reusable.values.joined() {
            retries.reset(retryKey(leftover))
            leftover.dispose()
        }
        for tile in tiles { gtk_flow_box_append(flowBox.opaque, tile.child) }
        placeholderCount = tiles.count { $0.state.isPlaceholder }
        settledCount = tiles.count { $0.state.isSettled }
        cellSide = 0
        cellHeightUpdate.schedule()

        // Restore the scroll position once the new children are laid out.
        if let vadjustment, scrollPosition > 0 {
            MainLoopSources.after(milliseconds: 0) { gtk_adjustment_set_value(vadjustment, scrollPosition) }
        }
        scheduleVisibilityUpdate()
    }

    private func makeTile(_ entry: LinkEntry) -> Tile {
        let tile = Tile(entry: entry)
        tile.onStateChange = { [weak self] tile, oldState in self?.tileChanged(tile, from: oldState) }
        tile.onRetry = { [weak self] tile in self?.retry(tile) }
        return tile
    }

    private func retryKey(_ tile: Tile) -> String { "tile:\(tile.entry.lineNumber):\(tile.entry.text)" }

    private func tileChanged(_ tile: Tile, from oldState: TileState) {
        // Counted as states change, not by walking every tile: huge files change thousands of
        // states while loading.
        placeholderCount += (tile.state.isPlaceholder ? 1 : 0) - (oldState.isPlaceholder ? 1 : 0)
        settledCount += (tile.state.isSettled ? 1 : 0) - (oldState.isSettled ? 1 : 0)
        traceReadiness()
        switch tile.state {
        case .failed(let error) where error.isTransient:
            retries.schedule(retryKey(tile)) { [weak self, weak tile] in
                guard let self, let tile else { return }
                if tile.isNearViewport {
                    tile.retryQuietly(from: self.repository)
                } else {
                    tile.resetFailure() // loads again when it comes near
                }
            }
        case .loaded, .notImage:
            retries.reset(retryKey(tile))
        default:
            break
        }
        onTileStateChange?()
    }

    /// Retry now: a person pressed the tile's Retry button.
    func retry(_ tile: Tile) {
        retries.reset(retryKey(tile))
        tile.resetFailure()
        tile.load(from: repository, priority: .interactive)
    }

    /// Retries every failed tile near the viewport (Refresh).
    func retryFailedTiles() {
        for tile in tiles { tile.resetFailure() }
        scheduleVisibilityUpdate()
    }

    /// Refresh: retry failures, and ask again about links that once answered with something
    /// other than an image (a captive portal's login page, a proxy error).
    func refreshTiles() {
        retryFailedTiles()
        let probed = tiles.filter(\.hasProbedVerdict)
        guard !probed.isEmpty else { return }
        let repository = self.repository
        Task { [weak self] in
            for tile in probed {
                if let url = tile.url { await repository.forgetFailure(for: url) }
                tile.resetProbedVerdict()
            }
            self?.scheduleVisibilityUpdate()
        }
    }

    /// The window is going away: give back the tiles' widgets and textures and stop retries.
    func disposeAll() {
        for tile in tiles {
            retries.reset(retryKey(tile))
            tile.dispose()
        }
        tiles = []
        visibilityUpdate.cancel()
        cellHeightUpdate.cancel()
    }

    // MARK: Layout

    /// Keeps cells square: FlowBox gives each child the column width but only its natural
    /// height, so once a resize is laid out the frames' minimum height follows the width through
    /// one CSS rule scoped to this grid (one style change instead of one per tile).
    private func updateCellHeight() {
        guard let first = tiles.first else { return }
        let side = Int32(gtk_widget_get_width(first.frame))
        guard side > 0, side != cellSide else { return }
        cellSide = side
        let rule = "#\(cellStyleName) flowboxchild.tile .tile-frame { min-height: \(side)px; }"
        gtk_css_provider_load_from_data(cellStyle, rule, -1)
        scheduleVisibilityUpdate()
    }

    // MARK: Visibility

    func scheduleVisibilityUpdate() {
        visibilityUpdate.schedule()
    }

    /// Loads tiles on screen first, then one screen around; unloads tiles far away.
    private func updateVisibility() {
        // Before the first allocation every tile sits at y = 0 and would all count as visible.
        guard !tiles.isEmpty, gtk_widget_get_width(flowBox) > 0,
              let vadjustment = gtk_scrolled_window_get_vadjustment(scrolledWindow.opaque) else { return }
        let top = gtk_adjustment_get_value(vadjustment)
        let page = max(gtk_adjustment_get_page_size(vadjustment), 1)
        let visible = indexRange(from: top, to: top + page)
        let prefetch = indexRange(from: top - page, to: top + 2 * page)
        let keep = indexRange(from: top - 3 * page, to: top + 4 * page)
        for index in visible { tiles[index].load(from: repository, priority: .visible) }
        for index in prefetch where !visible.contains(index) { tiles[index].load(from: repository, priority: .prefetch) }
        for index in keep { tiles[index].setNearViewport(true) }
        for (index, tile) in tiles.enumerated() where !keep.contains(index) {
            tile.setNearViewport(false)
            tile.unload() // no-op unless it holds a texture or a transfer
        }
        lastVisibleRange = visible
        traceReadiness()
    }

    private var lastVisibleRange: Range<Int> = 0..<0

    /// For `tools/bench`: when every tile on screen, then every tile, has settled.
    private func traceReadiness() {
        let trace = PerformanceTrace.shared
        guard trace.isEnabled, !tiles.isEmpty else { return }
        if !lastVisibleRange.isEmpty, lastVisibleRange.allSatisfy({ tiles[$0].state.isSettled }) {
            trace.recordOnce("visible-thumbnails-ready", String(lastVisibleRange.count))
        }
        if settledCount == tiles.count { trace.recordOnce("all-thumbnails-ready", String(tiles.count)) }
    }


    /// The tiles whose rows intersect [top, bottom], found by binary search (rows grow with index).
    private func indexRange(from top: Double, to bottom: Double) -> Range<Int> {
        let first = firstIndex { bounds(of: $0).maxY >= top }
        let end = firstIndex { bounds(of: $0).minY > bottom }
        return first < end ? first..<end : first..<first
    }

    private func firstIndex(where predicate: (Int) -> Bool) -> Int {
        var low = 0, high = tiles.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func bounds(of index: Int) -> (minY: Double, maxY: Double) {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(tiles[index].child, flowBox, &rect) != 0 else { return (0, 0) }
        return (Double(rect.origin.y), Double(rect.origin.y + rect.size.height))
    }
}
