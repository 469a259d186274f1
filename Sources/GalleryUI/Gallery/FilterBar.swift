import CGtk
import CShims
import GObjectSupport

/// The gallery's search bar (Ctrl+F, or typing while the grid has the focus): text that the
/// tiles' lines must contain, and which kind of tile to show.
/// ```
/// GtkSearchBar
/// └─ GtkBox
///    ├─ GtkSearchEntry   "Filter by address"
///    └─ GtkDropDown      All | Pictures | Failed | Not Pictures
/// ```
@MainActor
final class FilterBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    private let kinds: UnsafeMutablePointer<GtkWidget>
    /// The filter changed: the text (after typing pauses) or the kind.
    var onChange: (@MainActor (TileFilter) -> Void)?
    /// Enter in the text field: the person is done typing and goes to the tiles.
    var onDone: (@MainActor () -> Void)?

    /// The kinds in the order the drop-down lists them.
    private static let kindOrder: [TileFilter.Kind] = [.all, .pictures, .failed, .notPictures]

    init(keysFrom window: UnsafeMutablePointer<GtkWidget>) {
        widget = gtk_search_bar_new()
        entry = gtk_search_entry_new()
        gtk_widget_set_hexpand(entry, 1)
        shim_accessible_set_label(entry.opaque, L10n.tr("Filter by address"))
        shim_g_object_set_string(entry, "placeholder-text", L10n.tr("Filter by address"))
        let labels = [L10n.tr("All"), L10n.tr("Pictures"), L10n.tr("Failed"), L10n.tr("Not Pictures")]
        let copies = labels.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        kinds = copies.map { $0.map { UnsafePointer<CChar>($0) } }.withUnsafeBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress) }
        shim_accessible_set_label(kinds.opaque, L10n.tr("Show"))
        // The drop-down's own button is what a screen reader lands on: it says the same.
        if let toggle = gtk_widget_get_first_child(kinds) { shim_accessible_set_label(toggle.opaque, L10n.tr("Show")) }
        gtk_widget_set_tooltip_text(kinds, L10n.tr("Which tiles to show"))

        // As wide as a desktop window offers (36 characters), as narrow as a phone's (8): a fixed
        // width held the main window at 430 px, since a closed search bar keeps its width.
        gtk_editable_set_width_chars(entry.opaque, 8)
        gtk_editable_set_max_width_chars(entry.opaque, 36)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(box.cast(), entry)
        gtk_box_append(box.cast(), kinds)
        gtk_search_bar_set_child(widget.opaque, box)
        gtk_search_bar_connect_entry(widget.opaque, entry.opaque)
        // No close button of its own: the header's Filter button and Escape close it.
        // Typing anywhere in the window that nothing else takes starts a search, as in Files.
        gtk_search_bar_set_key_capture_widget(widget.opaque, window)

        Signal.connect(entry, .searchChanged) { [weak self] in self?.changed() }
        Signal.connect(entry, .activate) { [weak self] in
            self?.changed() // at once, without waiting for the pause in typing
            self?.onDone?()
        }
        Signal.connect(kinds, .notify("selected")) { [weak self] (_: UnsafeMutableRawPointer?) in self?.changed() }
        // Closing the bar shows every tile again, as leaving a search does everywhere, and the
        // next search starts afresh.
        Signal.connect(widget, .notify("search-mode-enabled")) { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            if !self.isOpen {
                gtk_editable_set_text(self.entry.opaque, "")
                gtk_drop_down_set_selected(self.kinds.opaque, 0)
            }
            self.changed()
        }
    }

    var isOpen: Bool { gtk_search_bar_get_search_mode(widget.opaque) != 0 }

    /// Ctrl+F: opens the bar with the focus in its entry, or puts the focus back there;
    /// `kind` chooses which tiles it shows as well (Shift+Ctrl+F: the failed ones).
    func open(showing kind: TileFilter.Kind? = nil) {
        if let kind, let position = Self.kindOrder.firstIndex(of: kind) {
            gtk_drop_down_set_selected(kinds.opaque, guint(position))
        }
        gtk_search_bar_set_search_mode(widget.opaque, 1)
        gtk_widget_grab_focus(entry)
    }

    func close() {
        gtk_search_bar_set_search_mode(widget.opaque, 0)
    }

    /// What the bar asks for now.
    var filter: TileFilter {
        guard isOpen else { return TileFilter() }
        let text = gtk_editable_get_text(entry.opaque).map { String(cString: $0) } ?? ""
        let selected = Int(gtk_drop_down_get_selected(kinds.opaque))
        return TileFilter(text: text, kind: Self.kindOrder[safe: selected] ?? .all)
    }

    private func changed() {
        onChange?(filter)
    }
}
