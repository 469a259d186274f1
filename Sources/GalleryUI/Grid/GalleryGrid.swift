import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// The thumbnail grid as a widget: a GtkFlowBox in a scrolled window that has widgets only for
/// the rows near the viewport (`MaterializedTiles`), with keyboard paging over the whole list.
///
/// The entries are a `TileList`; after every scroll or layout the grid tells the
/// `ThumbnailLoadPlanner` which of them are on screen and which are near, and it renders each
/// state change the list reports in the tile view that shows the item, if any.
@MainActor
final class GalleryGrid {
    /// Space around the tiles inside the scrolled area, in pixels.
    static let edge: Int32 = 6

    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    let flowBox: UnsafeMutablePointer<GtkWidget>
    let tiles: MaterializedTiles
    let list = TileList()
    let planner: ThumbnailLoadPlanner
    var items: [GridItem] { list.items }
    /// Rows and columns as the FlowBox last laid them out; nil until the first layout.
    private(set) var layout: GridLayout?
    /// The tiles on screen at the last `updateWindow` (`GalleryGrid+Window`).
    var lastVisibleRange: Range<Int> = 0..<0
    /// The checksum of the list shown: names its content.
    private var shownChecksum: String?
    /// Before the next frame is laid out, so a scroll step never shows an empty spacer.
    lazy var windowUpdate = IdleCoalescer(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in self?.updateWindow() }
    /// After a frame is laid out, when sizes can be read.
    private lazy var layoutUpdate = IdleCoalescer { [weak self] in self?.measureLayout() }
    lazy var duplicatesUpdate = IdleCoalescer { [weak self] in self?.duplicatesFound() }
    lazy var focusAfterLayout = TickAnimation(widget: flowBox)
    let heapTrimmer = HeapTrimmer()
    var onActivate: (@MainActor (_ index: Int) -> Void)?
    /// A failed tile's Details was pressed.
    var onFailureDetails: (@MainActor (GridItem) -> Void)?
    var onContextMenu: (@MainActor (_ index: Int, _ anchor: UnsafeMutablePointer<GtkWidget>, Double, Double) -> Void)?
    /// The counts changed: a tile changed state, or the list changed.
    var onCountsChange: (@MainActor (TileCounts) -> Void)?
    /// Selection mode: taps and clicks pick tiles instead of opening them.
    var isSelecting = false
    var selection = TileSelection()
    /// Selection mode began or ended, or the selection changed.
    var onSelectionChange: (@MainActor () -> Void)?
    /// While the grid itself selects FlowBox children (see `mirrorSelection`).
    var isMirroringSelection = false
    /// The modifier keys of the last press on a tile, until its click has been handled.
    var pressModifiers = GdkModifierType(rawValue: 0)
    /// The narrowest a cell may be (`ThumbnailSize`); FlowBox fits as many columns as that allows.
    private(set) var cellSide = ThumbnailSize.defaultCellSide
    /// The display's scale, for thumbnails as sharp as its pixels.
    var displayScale = 1
    /// The cell size changed by a key, the wheel or a pinch on the grid (the window remembers it).
    var onCellSideRequest: (@MainActor (_ steps: Int) -> Void)?

    init(source: any ThumbnailSource, retries: RetryScheduler, tileTiming: TileTiming = TileTiming()) {
        planner = ThumbnailLoadPlanner(list: list, source: source, retries: retries)
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

        tiles = MaterializedTiles(flowBox: flowBox)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(tiles.content, Self.edge)
        }

        scrolledWindow = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(scrolledWindow.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_kinetic_scrolling(scrolledWindow.opaque, 1)
        gtk_scrolled_window_set_child(scrolledWindow.opaque, tiles.content)
        gtk_widget_set_vexpand(scrolledWindow, 1)
        gtk_widget_set_hexpand(scrolledWindow, 1)
        tiles.makeView = { [weak self] in
            let view = TileView(timing: tileTiming)
            view.onMessagePress = { [weak self] item, press in
                switch press {
                case .retry: self?.retry(fromTile: item)
                case .details: self?.onFailureDetails?(item)
                }
            }
            view.progressOf = { url in source.downloadProgress(for: url) }
            view.waitingHostOf = { url in source.waitingHost(for: url) }
            return view
        }
        tiles.bind = { [weak self] view, index in
            guard let self else { return }
            view.bind(self.items[index])
            view.showsCheck(self.isSelecting)
            view.setCellSide(self.cellSide)
        }
        list.onChange = { [weak self] item, oldState in self?.itemChanged(item, from: oldState) }
        list.onDuplicatesFound = { [weak self] in self?.duplicatesUpdate.schedule() }
        connectSignals()
    }

    private func connectSignals() {
        Signal.connect(flowBox, .childActivated) { [weak self] (child: UnsafeMutableRawPointer?) in
            guard let self, let index = self.tiles.index(of: child) else { return }
            self.activated(index)
        }
        let vadjustment = gtk_scrolled_window_get_vadjustment(scrolledWindow.opaque)!
        Signal.connect(vadjustment, .valueChanged) { [weak self] in self?.windowUpdate.schedule() }
        // The content's height changed: a layout happened, so rows may have a new height.
        Signal.connect(vadjustment, .changed) { [weak self] in self?.layoutUpdate.schedule() }
        // The horizontal adjustment's page size is the viewport width: it changes on every
        // resize, maximize and fullscreen, unlike `notify::default-width`.
        let hadjustment = gtk_scrolled_window_get_hadjustment(scrolledWindow.opaque)!
        Signal.connect(hadjustment, .changed) { [weak self] in self?.layoutUpdate.schedule() }
        connectInput()
        connectSelectionInput()
        connectZoomInput()
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(scrolledWindow.opaque)! }

    // MARK: Content

    /// Shows the list, reusing the items of lines that are still there (moved or not), so their
    /// thumbnails and loads stay. The same content again (a refresh that found the file
    /// unchanged) is known by its checksum: up to 100,000 entries are not compared.
    func show(_ snapshot: LinksSnapshot) {
        guard snapshot.checksum != shownChecksum else { return }
        shownChecksum = snapshot.checksum
        let entries = snapshot.entries
        PerformanceTrace.shared.record(.gridShowBegin, String(entries.count))
        defer { PerformanceTrace.shared.record(.gridShowEnd, String(entries.count)) }
        planner.release(list.replace(with: entries))
        tilesChanged(keepingScroll: true)
    }

    /// Shows only the tiles `filter` lets through, from the top; nothing is downloaded again
    /// (the tiles keep their thumbnails and states), and those now on screen load first.
    func show(_ filter: TileFilter) {
        guard filter != list.filter, list.show(filter) else { return }
        tilesChanged(keepingScroll: false)
    }

    /// The shown items changed (a new list, another filter): the views on screen now stand for
    /// other entries, so they keep their widgets and show the new items.
    func tilesChanged(keepingScroll: Bool) {
        let scrollPosition = keepingScroll ? gtk_adjustment_get_value(vadjustment) : 0
        lastVisibleRange = 0..<0 // it indexed the old items
        layout?.count = items.count
        selectionShownChanged()
        onCountsChange?(list.counts)

        let kept = tiles.range.clamped(to: 0..<items.count)
        tiles.show(kept, heightAbove: 0, heightBelow: 0)
        tiles.rebindAll()
        if !keepingScroll { gtk_adjustment_set_value(vadjustment, 0) }
        updateWindow()

        // Restore the scroll position once the new rows are laid out.
        if scrollPosition > 0 {
            let vadjustment = self.vadjustment
            MainLoopSource.once(afterMilliseconds: 0) { gtk_adjustment_set_value(vadjustment, scrollPosition) }
        }
    }

    /// The one path from a state change to the screen: the view showing the item, the
    /// window's counts, and the heap once loading has settled.
    private func itemChanged(_ item: GridItem, from oldState: TileState) {
        if let view = tiles.view(at: item.index), view.item === item { view.itemDidChange(from: oldState) }
        traceReadiness()
        // Decoding leaves freed buffers behind; give them back once loading has settled.
        if item.state.isSettled { heapTrimmer.memoryWasReleased() }
        onCountsChange?(list.counts)
    }

    /// Refresh: retry failures near the viewport, and ask again about links that once
    /// answered with something other than an image.
    func refreshTiles() {
        planner.forgetFailures()
        windowUpdate.schedule()
        planner.recheckVerdicts { [weak self] in self?.windowUpdate.schedule() }
    }

    /// The window is going away: give back the widgets and textures and stop retries.
    func disposeAll() {
        planner.release(list.all)
        tiles.disposeAll()
        _ = list.replace(with: [])
        windowUpdate.cancel()
        layoutUpdate.cancel()
        focusAfterLayout.stop()
        heapTrimmer.cancel()
    }

    // MARK: Layout

    /// Cells of at least `side` logical pixels from now on, with thumbnails made for them (from
    /// the memory or disk cache, or the originals on disk: nothing is downloaded again).
    func setCellSide(_ side: Int) {
        let side = ThumbnailSize.valid(side)
        planner.setThumbnailSide(ThumbnailSize.thumbnailSide(forCell: side, scale: displayScale))
        guard side != cellSide else { return }
        cellSide = side
        PerformanceTrace.shared.record(.thumbnailSize, String(side))
        for view in tiles.views { view.setCellSide(side) }
        // The FlowBox lays out again; `measureLayout` then keeps the first entry on screen.
        gtk_widget_queue_resize(flowBox)
        windowUpdate.schedule()
    }

    /// Reads what the FlowBox laid out: the columns and the row height. Runs after a layout;
    /// a change moves the range and spacers.
    private func measureLayout() {
        guard let first = tiles.views.first else { return }
        let flowWidth = Double(gtk_widget_get_width(flowBox))
        let cellWidth = Double(gtk_widget_get_width(first.child))
        guard flowWidth > 0, cellWidth > 0 else { return }
        // Cells ask for at least `naturalSize` (`SquareCellLayout`), so FlowBox fits as many
        // columns as that allows, and the first layout already has the ones the grid keeps.
        let columns = max(1, Int((flowWidth / cellWidth).rounded()))
        // The FlowBox's height over its rows: the pitch, whatever margins the theme gives.
        // If the views changed since that layout, the next measure corrects it.
        let rowsShown = (tiles.views.count + columns - 1) / columns
        let rowHeight = Double(gtk_widget_get_height(flowBox)) / Double(rowsShown)
        guard rowHeight > 0 else { return }
        let measured = GridLayout(count: items.count, columns: columns, rowHeight: rowHeight)
        guard measured != layout else { return }
        let anchor = firstVisibleIndex()
        let columnsChanged = layout?.columns != columns
        layout = measured
        if columnsChanged, let anchor, anchor > 0 {
            // A reflow keeps the first entry on screen at the top, as the FlowBox alone would not.
            gtk_adjustment_set_value(vadjustment, Double(Self.edge) + measured.top(ofRow: measured.row(of: anchor)))
        }
        updateWindow()
    }
}
