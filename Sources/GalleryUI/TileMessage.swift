import CGtk
import GObjectSupport

/// The words on a tile that shows no picture: an icon, a title, the line, and "Retry" when the
/// image failed. Built once per view and refilled as the view is rebound while scrolling.
@MainActor
final class TileMessage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let detail: UnsafeMutablePointer<GtkWidget>
    private let retryButton: UnsafeMutablePointer<GtkWidget>
    var onRetry: (@MainActor () -> Void)?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_widget_add_css_class(widget, "tile-message")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
        icon = gtk_image_new()
        gtk_image_set_pixel_size(icon.opaque, 24)
        title = Self.label(style: "tile-title")
        detail = Self.label(style: "tile-detail")
        retryButton = gtk_button_new_with_label(L10n.tr("Retry"))
        gtk_widget_add_css_class(retryButton, "retry")
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(retryButton, L10n.tr("Try loading this image again"))
        for part in [icon, title, detail, retryButton] { gtk_box_append(widget.cast(), part) }
        Signal.connect(retryButton, "clicked") { [weak self] in self?.onRetry?() }
    }

    func show(icon name: String, title text: String, detail detailText: String?, retry: Bool) {
        gtk_image_set_from_icon_name(icon.opaque, name)
        gtk_label_set_text(title.opaque, text)
        gtk_label_set_text(detail.opaque, detailText ?? "")
        gtk_widget_set_visible(detail, detailText == nil ? 0 : 1)
        gtk_widget_set_visible(retryButton, retry ? 1 : 0)
        gtk_widget_set_visible(widget, 1)
    }

    func hide() {
        gtk_widget_set_visible(widget, 0)
    }

    private static func label(style: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, style)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(label.opaque, 2)
        gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
        // Zero width chars keep a long URL from widening the cell beyond the flow's size.
        gtk_label_set_width_chars(label.opaque, 0)
        gtk_label_set_max_width_chars(label.opaque, 1)
        return label
    }
}
