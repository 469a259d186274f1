import CGtk
import GObjectSupport
import GalleryCore

/// Open Address…: a small window that takes the web address of a links file, checks it as it
/// is typed and says what is wrong; Open is only possible with a valid address.
///
/// ```
/// GtkWindow "Open Address" (modal)
/// ├─ titlebar: GtkHeaderBar  [Cancel]  "Open Address"  [Open]
/// └─ GtkBox: "Address of a links file" / GtkEntry / message (why it cannot be opened)
/// ```
@MainActor
final class OpenAddressDialog {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>
    private let openButton: UnsafeMutablePointer<GtkWidget>
    private let open: @MainActor (LinksSource) -> Void
    private var source: LinksSource?
    /// The window owns its dialog: kept until the window is destroyed.
    private static var shown: OpenAddressDialog?

    static func present(parent: UnsafeMutablePointer<GtkWidget>, open: @escaping @MainActor (LinksSource) -> Void) {
        if let shown { return gtk_window_present(shown.window.cast()) }
        let dialog = OpenAddressDialog(parent: parent, open: open)
        shown = dialog
        Signal.connect(dialog.window, .destroy) { shown = nil }
        gtk_window_present(dialog.window.cast())
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>, open: @escaping @MainActor (LinksSource) -> Void) {
        self.open = open
        window = gtk_window_new()
        gtk_window_set_title(window.cast(), L10n.tr("Open Address"))
        gtk_window_set_transient_for(window.cast(), parent.cast())
        gtk_window_set_modal(window.cast(), 1)
        gtk_window_set_destroy_with_parent(window.cast(), 1)
        // Over a phone's narrow window (issue 54) as wide as its content asks, the message wrapped.
        let narrow = Int(gtk_widget_get_width(parent)) < 460
        gtk_window_set_default_size(window.cast(), narrow ? -1 : 460, -1)
        gtk_window_set_resizable(window.cast(), 0)
        gtk_widget_add_css_class(window, Stylesheet.appWindowClass)

        let header = gtk_header_bar_new()!
        gtk_header_bar_set_show_title_buttons(header.opaque, 0)
        let cancel = gtk_button_new_with_label(L10n.tr("Cancel"))!
        openButton = gtk_button_new_with_label(L10n.tr("Open"))
        gtk_widget_add_css_class(openButton, "suggested-action")
        gtk_header_bar_pack_start(header.opaque, cancel)
        gtk_header_bar_pack_end(header.opaque, openButton)
        gtk_window_set_titlebar(window.cast(), header)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(box, 18)
        }
        let label = gtk_label_new_with_mnemonic(L10n.tr("_Address of a links file"))!
        gtk_label_set_xalign(label.opaque, 0)
        entry = gtk_entry_new()
        gtk_entry_set_placeholder_text(entry.cast(), "https://example.com/images.txt")
        gtk_entry_set_input_purpose(entry.cast(), GTK_INPUT_PURPOSE_URL)
        gtk_label_set_mnemonic_widget(label.opaque, entry)
        message = gtk_label_new(nil)
        gtk_label_set_wrap(message.opaque, 1)
        gtk_label_set_max_width_chars(message.opaque, narrow ? 30 : 50)
        gtk_label_set_xalign(message.opaque, 0)
        gtk_widget_add_css_class(message, "dim-label")
        for child in [label, entry, message] { gtk_box_append(box.cast(), child) }
        gtk_window_set_child(window.cast(), box)

        Signal.connect(cancel, .clicked) { [weak self] in self.map { gtk_window_destroy($0.window.cast()) } }
        Signal.connect(openButton, .clicked) { [weak self] in self?.openIfValid() }
        Signal.connect(entry, .activate) { [weak self] in self?.openIfValid() }
        Signal.connect(entry, .changed) { [weak self] in self?.check() }
        DialogKeys.closeOnEscape(window)
        check()
    }

    /// Runs on every keystroke: the message always says why Open is not possible yet.
    private func check() {
        let text = String(cString: gtk_editable_get_text(entry.opaque))
        switch LinksSource.address(text) {
        case .success(let valid):
            source = valid
            gtk_label_set_text(message.opaque, "")
            gtk_widget_remove_css_class(entry, "error")
        case .failure(let problem):
            source = nil
            gtk_label_set_text(message.opaque, ErrorMessages.explanation(for: problem))
            if problem == .empty { gtk_widget_remove_css_class(entry, "error") } else { gtk_widget_add_css_class(entry, "error") }
        }
        gtk_widget_set_sensitive(openButton, source == nil ? 0 : 1)
    }

    private func openIfValid() {
        guard let source else { return }
        gtk_window_destroy(window.cast())
        open(source)
    }
}
