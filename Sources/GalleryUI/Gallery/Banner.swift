import CGtk
import GObjectSupport

/// A quiet bar above the grid for states that do not block it: offline with a cached list,
/// a cache that cannot be written.
@MainActor
final class Banner {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let button: UnsafeMutablePointer<GtkWidget>
    private var action: (@MainActor () -> Void)?

    init() {
        widget = gtk_revealer_new()
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(box, "banner")
        label = gtk_label_new(nil)
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_xalign(label.opaque, 0)
        gtk_widget_set_hexpand(label, 1)
        button = gtk_button_new_with_label(L10n.tr("Retry"))
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        Signal.connect(button, "clicked") { [weak self] in self?.action?() }
        gtk_box_append(box.cast(), label)
        gtk_box_append(box.cast(), button)
        gtk_revealer_set_child(widget.opaque, box)
    }

    func show(_ text: String, buttonLabel: String? = nil, action: (@MainActor () -> Void)? = nil) {
        gtk_label_set_text(label.opaque, text)
        self.action = action
        if let buttonLabel { gtk_button_set_label(button.cast(), buttonLabel) }
        gtk_widget_set_visible(button, action == nil ? 0 : 1)
        gtk_revealer_set_reveal_child(widget.opaque, 1)
    }

    func hide() {
        gtk_revealer_set_reveal_child(widget.opaque, 0)
    }
}
