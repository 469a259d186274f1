import CGtk
import CShims
import GObjectSupport

/// The one banner, for messages that do not block what is shown. Two places:
/// - `.bar`: a quiet bar above the gallery's grid (offline with a saved list, a cache that cannot
///   be written), with an optional button, until the state changes;
/// - `.overlay`: a floating pill at the foot of the viewer's picture (Link copied, a missing
///   browser), closed by its own button (`dismissAction`) or after `autoHideMilliseconds`.
@MainActor
final class Banner {
    enum Placement {
        case bar
        case overlay(dismissAction: String, autoHideMilliseconds: UInt32)
    }

    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let button: UnsafeMutablePointer<GtkWidget>
    private var action: (@MainActor () -> Void)?
    private let autoHide = MainLoopSource()
    private let autoHideMilliseconds: UInt32?

    init(_ placement: Placement = .bar) {
        if case .overlay(_, let milliseconds) = placement { autoHideMilliseconds = milliseconds } else { autoHideMilliseconds = nil }
        widget = gtk_revealer_new()
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        label = gtk_label_new(nil)
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_xalign(label.opaque, 0)
        gtk_widget_set_hexpand(label, 1)
        button = gtk_button_new_with_label(L10n.tr("Retry"))
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        Signal.connect(button, .clicked) { [weak self] in self?.action?() }
        gtk_box_append(box.cast(), label)
        gtk_box_append(box.cast(), button)
        gtk_revealer_set_child(widget.opaque, box)
        switch placement {
        case .bar:
            gtk_widget_add_css_class(box, "banner")
        case .overlay(let dismissAction, _):
            gtk_widget_add_css_class(box, "banner")
            gtk_widget_add_css_class(box, "osd")
            gtk_widget_add_css_class(box, "floating-banner")
            let dismiss = gtk_button_new_from_icon_name("window-close-symbolic")!
            gtk_widget_set_tooltip_text(dismiss, L10n.tr("Dismiss"))
            shim_accessible_set_label(dismiss.opaque, L10n.tr("Dismiss"))
            gtk_actionable_set_action_name(dismiss.opaque, dismissAction)
            gtk_widget_add_css_class(dismiss, "flat")
            gtk_box_append(box.cast(), dismiss)
            shim_accessible_set_label(box.opaque, L10n.tr("Message"))
            gtk_revealer_set_transition_type(widget.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
            gtk_widget_set_valign(widget, GTK_ALIGN_END)
            gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
            gtk_widget_set_margin_bottom(widget, 24)
        }
        gtk_widget_set_visible(button, 0)
    }

    func show(_ text: String, buttonLabel: String? = nil, action: (@MainActor () -> Void)? = nil) {
        gtk_label_set_text(label.opaque, text)
        self.action = action
        if let buttonLabel { gtk_button_set_label(button.cast(), buttonLabel) }
        gtk_widget_set_visible(button, action == nil ? 0 : 1)
        gtk_revealer_set_reveal_child(widget.opaque, 1)
        if let autoHideMilliseconds {
            autoHide.after(milliseconds: autoHideMilliseconds) { [weak self] in self?.hide() }
        }
    }

    func hide() {
        autoHide.cancel()
        gtk_revealer_set_reveal_child(widget.opaque, 0)
    }

    /// The window is going away: its widgets may already be gone, only the timer is stopped.
    func invalidate() {
        autoHide.cancel()
    }

    /// What it says while shown.
    var text: String? {
        gtk_revealer_get_reveal_child(widget.opaque) != 0 ? String(cString: gtk_label_get_text(label.opaque)) : nil
    }
}
