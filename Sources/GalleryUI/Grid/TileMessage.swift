import CGtk
import CShims
import GObjectSupport

/// The words on a tile that shows no picture: an icon, a bold title with the line under it,
/// and "Retry" with a Details button beside it when the image failed. Built once per view and refilled as the view is rebound
/// while scrolling.
///
/// Title and line share one label (Pango markup) and the button is made only for a failure:
/// every widget here is repeated for each tile near the viewport, each with its own
/// accessibility object, and a screen of placeholders was the app's largest memory cost.
@MainActor
final class TileMessage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let text: UnsafeMutablePointer<GtkWidget>
    private var buttons: UnsafeMutablePointer<GtkWidget>?
    /// What a button of a failed tile asks for.
    enum Press { case retry, details }
    var onPress: (@MainActor (Press) -> Void)?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_widget_add_css_class(widget, "tile-message")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
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
        gtk_box_append(widget.cast(), icon)
        gtk_box_append(widget.cast(), text)
    }

    func show(icon name: String, title: String, detail: String?, retry: Bool) {
        gtk_image_set_from_icon_name(icon.opaque, name)
        var markup = "<b><small>\(Self.escaped(title))</small></b>"
        if let detail { markup += "\n<span size=\"x-small\" alpha=\"70%\">\(Self.escaped(detail))</span>" }
        gtk_label_set_markup(text.opaque, markup)
        if retry {
            gtk_widget_set_visible(ensureButtons(), 1)
        } else if let buttons {
            gtk_widget_set_visible(buttons, 0)
        }
        gtk_widget_set_visible(widget, 1)
    }

    func hide() {
        gtk_widget_set_visible(widget, 0)
    }

    private func ensureButtons() -> UnsafeMutablePointer<GtkWidget> {
        if let buttons { return buttons }
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        let retry = gtk_button_new_with_label(L10n.tr("Retry"))!
        gtk_widget_add_css_class(retry, "retry")
        gtk_widget_set_tooltip_text(retry, L10n.tr("Try loading this image again"))
        Signal.connect(retry, .clicked) { [weak self] in self?.onPress?(.retry) }
        let details = gtk_button_new_from_icon_name("help-about-symbolic")!
        gtk_widget_add_css_class(details, "retry")
        gtk_widget_set_tooltip_text(details, L10n.tr("Why this picture failed"))
        shim_accessible_set_label(details.opaque, L10n.tr("Details"))
        Signal.connect(details, .clicked) { [weak self] in self?.onPress?(.details) }
        gtk_box_append(row.cast(), retry)
        gtk_box_append(row.cast(), details)
        gtk_box_append(widget.cast(), row)
        buttons = row
        return row
    }

    private static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
