import CGtk
import CShims
import GObjectSupport

/// The words on a tile that shows no picture: an icon, a bold title with the line under it,
/// and "Retry" when the image failed, with a small Details button (ⓘ) in the tile's corner: a
/// row of both did not fit a 100 px tile in Russian. Built once per view and refilled as the view is rebound
/// while scrolling.
///
/// Title and line share one label (Pango markup) and the button is made only for a failure:
/// every widget here is repeated for each tile near the viewport, each with its own
/// accessibility object, and a screen of placeholders was the app's largest memory cost.
@MainActor
final class TileMessage {
    /// The tile's whole face: the words in the middle, the Details button in the corner.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let column: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let text: UnsafeMutablePointer<GtkWidget>
    private var buttons: (retry: UnsafeMutablePointer<GtkWidget>, details: UnsafeMutablePointer<GtkWidget>)?
    /// What a button of a failed tile asks for.
    enum Press { case retry, details }
    var onPress: (@MainActor (Press) -> Void)?

    init() {
        widget = gtk_overlay_new()
        column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_overlay_set_child(widget.opaque, column)
        gtk_widget_add_css_class(column, "tile-message")
        gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(column, GTK_ALIGN_FILL)
        icon = gtk_image_new()
        gtk_image_set_pixel_size(icon.opaque, 24)
        text = gtk_label_new(nil)
        gtk_widget_add_css_class(text, "tile-text")
        gtk_label_set_ellipsize(text.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_wrap(text.opaque, 1)
        gtk_label_set_wrap_mode(text.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(text.opaque, 4)
        gtk_label_set_justify(text.opaque, GTK_JUSTIFY_CENTER)
        // Zero width chars keep a long URL from widening the cell beyond the flow's size.
        gtk_label_set_width_chars(text.opaque, 0)
        gtk_label_set_max_width_chars(text.opaque, 1)
        gtk_box_append(column.cast(), icon)
        gtk_box_append(column.cast(), text)
    }

    func show(icon name: String, title: String, detail: String?, retry: Bool) {
        gtk_image_set_from_icon_name(icon.opaque, name)
        var markup = "<b><small>\(Self.escaped(title))</small></b>"
        if let detail { markup += "\n<span size=\"x-small\" alpha=\"70%\">\(Self.escaped(detail))</span>" }
        gtk_label_set_markup(text.opaque, markup)
        if retry {
            let buttons = ensureButtons()
            [buttons.retry, buttons.details].forEach { gtk_widget_set_visible($0, 1) }
        } else if let buttons {
            [buttons.retry, buttons.details].forEach { gtk_widget_set_visible($0, 0) }
        }
        gtk_widget_set_visible(widget, 1)
    }

    func hide() {
        gtk_widget_set_visible(widget, 0)
    }

    private func ensureButtons() -> (retry: UnsafeMutablePointer<GtkWidget>, details: UnsafeMutablePointer<GtkWidget>) {
        if let buttons { return buttons }
        let retry = gtk_button_new_with_label(L10n.tr("Retry"))!
        gtk_widget_add_css_class(retry, "retry")
        gtk_widget_set_halign(retry, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(retry, L10n.tr("Try loading this image again"))
        Signal.connect(retry, .clicked) { [weak self] in self?.onPress?(.retry) }
        gtk_box_append(column.cast(), retry)
        let details = gtk_button_new_from_icon_name("help-about-symbolic")!
        for name in ["flat", "circular", "tile-details"] { gtk_widget_add_css_class(details, name) }
        gtk_widget_set_halign(details, GTK_ALIGN_END)
        gtk_widget_set_valign(details, GTK_ALIGN_START)
        gtk_widget_set_tooltip_text(details, L10n.tr("Why this picture failed"))
        shim_accessible_set_label(details.opaque, L10n.tr("Details"))
        Signal.connect(details, .clicked) { [weak self] in self?.onPress?(.details) }
        gtk_overlay_add_overlay(widget.opaque, details)
        buttons = (retry, details)
        return (retry, details)
    }

    private static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
