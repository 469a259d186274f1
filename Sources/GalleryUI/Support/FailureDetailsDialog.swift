import CGtk
import CShims
import GObjectSupport
import GalleryCore

/// A picture's failure Details: what `FailureDetails` says, each value selectable, with Copy
/// Details (the rows as text, for a bug report), Retry and Close; Escape closes it.
///
/// ```
/// GtkWindow "Failure Details" (modal, transient for the tile's or the page's window)
/// └─ GtkBox: GtkGrid of label / value rows, then [Copy Details] [Retry] [Close]
/// ```
/// Over a window narrower than the dialog (a phone's 360 px, issue 54) each label stands over
/// its value and the buttons one over another, so nothing is wider than the window.
@MainActor
final class FailureDetailsDialog {
    let window: UnsafeMutablePointer<GtkWidget>
    private let details: FailureDetails

    /// `retry` runs when Retry is pressed, after the dialog closed.
    @discardableResult
    static func present(_ details: FailureDetails, parent: UnsafeMutablePointer<GtkWidget>,
                        retry: @escaping @MainActor () -> Void) -> FailureDetailsDialog {
        let dialog = FailureDetailsDialog(details, parent: parent, retry: retry)
        AttachedObject.keep(dialog, aliveWith: dialog.window, key: "link-gallery-failure-details")
        gtk_window_present(dialog.window.cast())
        return dialog
    }

    /// The dialog's width beside a wide window.
    private static let wideWidth = 520

    private init(_ details: FailureDetails, parent: UnsafeMutablePointer<GtkWidget>, retry: @escaping @MainActor () -> Void) {
        self.details = details
        let narrow = Int(gtk_widget_get_width(parent)) < Self.wideWidth
        window = gtk_window_new()
        gtk_window_set_title(window.cast(), L10n.tr("Failure Details"))
        gtk_window_set_transient_for(window.cast(), parent.cast())
        gtk_window_set_modal(window.cast(), 1)
        gtk_window_set_destroy_with_parent(window.cast(), 1)
        gtk_window_set_default_size(window.cast(), narrow ? -1 : gint(Self.wideWidth), -1)
        gtk_window_set_resizable(window.cast(), 0)
        gtk_widget_add_css_class(window, Stylesheet.appWindowClass)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(box, 18)
        }
        gtk_box_append(box.cast(), Self.grid(of: details, narrow: narrow))

        let buttons = gtk_box_new(narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(buttons, narrow ? GTK_ALIGN_FILL : GTK_ALIGN_END)
        let copy = gtk_button_new_with_label(L10n.tr("Copy Details"))!
        let retryButton = gtk_button_new_with_label(L10n.tr("Retry"))!
        let close = gtk_button_new_with_label(L10n.tr("Close"))!
        gtk_widget_add_css_class(retryButton, "suggested-action")
        for button in [copy, retryButton, close] { gtk_box_append(buttons.cast(), button) }
        gtk_box_append(box.cast(), buttons)
        gtk_window_set_child(window.cast(), box)

        let window = window, text = details.plainText
        Signal.connect(copy, .clicked) {
            gdk_clipboard_set_text(gtk_widget_get_clipboard(window), text)
        }
        Signal.connect(retryButton, .clicked) {
            gtk_window_destroy(window.cast())
            retry()
        }
        Signal.connect(close, .clicked) { gtk_window_destroy(window.cast()) }
        DialogKeys.closeOnEscape(window)
        gtk_widget_grab_focus(close)
    }

    /// Labels on the left, dimmed; values on the right, wrapped and selectable (`narrow`: each
    /// label over its value).
    private static func grid(of details: FailureDetails, narrow: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(grid.cast(), narrow ? 2 : 8)
        gtk_grid_set_column_spacing(grid.cast(), 18)
        for (row, entry) in details.rows.enumerated() {
            let label = gtk_label_new(entry.label)!
            gtk_widget_add_css_class(label, "dim-label")
            gtk_label_set_xalign(label.opaque, narrow ? 0 : 1)
            gtk_label_set_yalign(label.opaque, 0)
            let value = gtk_label_new(entry.value)!
            gtk_label_set_xalign(value.opaque, 0)
            gtk_label_set_wrap(value.opaque, 1)
            gtk_label_set_wrap_mode(value.opaque, PANGO_WRAP_WORD_CHAR)
            // A wrapping label asks for its height at its narrowest: without a width of its own the
            // window opened as tall as the screen.
            gtk_label_set_width_chars(value.opaque, narrow ? 24 : 40)
            // A wrapping label asks for this much as its natural width.
            gtk_label_set_max_width_chars(value.opaque, narrow ? 32 : 60)
            gtk_label_set_selectable(value.opaque, 1)
            gtk_widget_set_hexpand(value, 1)
            // A screen reader reads each value with its label.
            shim_accessible_set_label(value.opaque, "\(entry.label): \(entry.value)")
            if narrow {
                if row > 0 { gtk_widget_set_margin_top(label, 10) }
                gtk_grid_attach(grid.cast(), label, 0, gint(2 * row), 1, 1)
                gtk_grid_attach(grid.cast(), value, 0, gint(2 * row + 1), 1, 1)
            } else {
                gtk_grid_attach(grid.cast(), label, 0, gint(row), 1, 1)
                gtk_grid_attach(grid.cast(), value, 1, gint(row), 1, 1)
            }
        }
        return grid
    }
}
