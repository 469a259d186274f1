import CGtk
import CIndexListModel
import Foundation
import GObjectSupport
import GalleryCore

/// The filmstrip along the viewer's bottom: every page of the list as a thumbnail (from the
/// repository the grid fills: nothing is downloaded twice), the page shown framed and kept in
/// view; a click, a tap or Enter on a cell jumps to it.
///
/// It is a horizontal GtkListView over a model that makes an item only when the view asks for
/// one (`CIndexListModel`), so a list of 100,000 lines opens as fast as one of ten and holds
/// the cells on screen, not one per line.
@MainActor
final class ViewerFilmstrip {
    let revealer: UnsafeMutablePointer<GtkWidget>
    private let listView: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private var loadOnScreen: IdleCoalescer!
    private let items: [ViewerItem]
    private let source: any OriginalImageSource
    /// The cells the list view made, bound or not (it makes a few more than fit).
    private var cells: [FilmstripCell] = []
    private(set) var current: Int
    /// The person wants the strip (it may still be hidden with the fullscreen controls).
    var isChosen = false
    /// A cell was clicked, tapped or activated: the viewer turns to its page.
    var onJump: ((Int) -> Void)?

    init(items: [ViewerItem], current: Int, source: any OriginalImageSource) {
        self.items = items
        self.current = current
        self.source = source
        let factory = gtk_signal_list_item_factory_new()!
        let model = lg_index_list_model_new(guint(clamping: items.count))
        // The selection model takes the list, the view takes it and the factory; nothing is selected: the frame
        // marks the page shown, and a press must not move it before the viewer turns.
        listView = gtk_list_view_new(gtk_no_selection_new(model), factory)
        gtk_orientable_set_orientation(listView.opaque, GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_add_css_class(listView, "filmstrip-list")
        ViewerButtons.describe(listView, label: L10n.tr("Filmstrip"))

        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        // Room for a cell, its frame and the list's padding (`ViewerStylesheet`): GTK 4.8's
        // list view asks for less height than its cells take.
        gtk_widget_set_size_request(scroller, -1, gint(FilmstripCell.side + 2 * (3 + 6) + 4))
        gtk_scrolled_window_set_child(scroller.opaque, listView)
        gtk_widget_add_css_class(scroller, "filmstrip")
        revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(revealer.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_child(revealer.opaque, scroller)
        gtk_widget_set_valign(revealer, GTK_ALIGN_END)
        // Hidden, the strip is not laid out, so it makes no cells and asks for no thumbnails,
        // and a screen reader does not find it.
        gtk_widget_set_visible(revealer, 0)
        Signal.connect(revealer, .notify("child-revealed")) { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, !self.isRevealed, gtk_revealer_get_child_revealed(self.revealer.opaque) == 0 else { return }
            gtk_widget_set_visible(self.revealer, 0)
        }

        Signal.connect(factory, .setup) { [weak self] listItem in self?.setUp(listItem) }
        Signal.connect(factory, .bind) { [weak self] listItem in self?.bind(listItem) }
        Signal.connect(factory, .unbind) { listItem in
            guard let listItem, let child = gtk_list_item_get_child(OpaquePointer(listItem)) else { return }
            Self.cell(of: child)?.unbind()
        }
        Signal.connect(listView, .itemActivated) { [weak self] position in self?.onJump?(Int(position)) }
        loadOnScreen = IdleCoalescer { [weak self] in self?.loadThumbnailsOnScreen() }
        let adjustment = gtk_scrolled_window_get_hadjustment(scroller.opaque)!
        Signal.connect(adjustment, .valueChanged) { [weak self] in self?.loadOnScreen.schedule() }
        Signal.connect(adjustment, .changed) { [weak self] in self?.loadOnScreen.schedule() }
    }

    private static let cellKey = "link-gallery-filmstrip-cell"

    private static func cell(of widget: UnsafeMutablePointer<GtkWidget>) -> FilmstripCell? {
        AttachedObject.object(of: widget, key: cellKey)
    }

    private func setUp(_ listItem: UnsafeMutableRawPointer?) {
        guard let listItem else { return }
        let cell = FilmstripCell { [weak self] index in self?.onJump?(index) }
        AttachedObject.keep(cell, aliveWith: cell.widget, key: Self.cellKey)
        cells.append(cell)
        gtk_list_item_set_child(OpaquePointer(listItem), cell.widget)
        Signal.connect(cell.widget, .destroy) { [weak self, weak cell] in
            self?.cells.removeAll { $0 === cell }
        }
    }

    private func bind(_ listItem: UnsafeMutableRawPointer?) {
        guard let listItem, let child = gtk_list_item_get_child(OpaquePointer(listItem)),
              let cell = Self.cell(of: child), let item = gtk_list_item_get_item(OpaquePointer(listItem)) else { return }
        let index = Int(lg_index_item_get_index(item))
        guard items.indices.contains(index) else { return }
        cell.bind(index, item: items[index], count: items.count, isCurrent: index == current, source: source)
        loadOnScreen.schedule()
    }

    /// Cells within a cell's width of the strip's visible part load their thumbnails; the
    /// others stop waiting for theirs, so scrolling fast through thousands asks for none of
    /// those passed by.
    private func loadThumbnailsOnScreen() {
        guard isRevealed else { return }
        let width = Float(gtk_widget_get_width(scroller))
        let margin = Float(FilmstripCell.side)
        for cell in cells where cell.index != nil {
            // The list view leaves the cells it keeps beyond the visible part unmapped.
            var bounds = graphene_rect_t()
            let onScreen = gtk_widget_get_mapped(cell.widget) != 0 && gtk_widget_compute_bounds(cell.widget, scroller, &bounds) != 0
                && bounds.origin.x + bounds.size.width > -margin && bounds.origin.x < width + margin
            if onScreen, cell.wantsThumbnail { cell.loadThumbnail() } else if !onScreen { cell.stopLoading() }
        }
    }

    /// False once the window is gone: its widgets with it.
    private var isAlive = true

    var isRevealed: Bool { isAlive && gtk_revealer_get_reveal_child(revealer.opaque) != 0 }

    /// The window is being destroyed: nothing more is loaded or scrolled.
    func invalidate() {
        isAlive = false
        onJump = nil
        loadOnScreen.cancel()
        cells.forEach { $0.stopLoading() }
    }

    func setRevealed(_ revealed: Bool) {
        guard isAlive, revealed != isRevealed else { return }
        if revealed { gtk_widget_set_visible(revealer, 1) }
        gtk_revealer_set_reveal_child(revealer.opaque, revealed ? 1 : 0)
        if revealed {
            scrollToCurrent()
            loadOnScreen.schedule()
        }
    }

    /// The viewer turned to `index`: its cell is framed and scrolled into view.
    func setCurrent(_ index: Int) {
        guard index != current else { return }
        let previous = current
        current = index
        // Only the two cells whose mark changes: the list keeps some 200 bound, shown or not,
        // and a page turn must not restyle them all.
        for cell in cells where cell.index == previous || cell.index == index { cell.markCurrent(cell.index == index) }
        if isRevealed { scrollToCurrent() }
    }

    private func scrollToCurrent() {
        guard items.indices.contains(current) else { return }
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(current)))
    }

    /// The pages of the cells the list view made and bound now (tests: the strip is virtual).
    var boundPages: [Int] { cells.compactMap(\.index).sorted() }

    /// True when `widget` is in the strip (a key there moves between its cells).
    func contains(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        widget == listView || gtk_widget_is_ancestor(widget, listView) != 0
    }
}
