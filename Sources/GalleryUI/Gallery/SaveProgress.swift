import CGtk
import CShims
import GObjectSupport

/// The bar at the foot of the gallery while Save to Folder runs: "Saving 12 of 40" on a
/// progress bar, and Cancel.
@MainActor
final class SaveProgress {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let bar: UnsafeMutablePointer<GtkWidget>

    init(cancelAction: GalleryAction) {
        widget = gtk_revealer_new()
        gtk_revealer_set_transition_type(widget.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(box, "save-progress")
        bar = gtk_progress_bar_new()
        gtk_progress_bar_set_show_text(bar.opaque, 1)
        gtk_widget_set_hexpand(bar, 1)
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
        shim_accessible_set_label(bar.opaque, L10n.tr("Saving pictures"))
        let cancel = gtk_button_new_with_label(L10n.tr("Cancel"))!
        gtk_actionable_set_action_name(cancel.opaque, cancelAction.detailedName)
        gtk_box_append(box.cast(), bar)
        gtk_box_append(box.cast(), cancel)
        gtk_revealer_set_child(widget.opaque, box)
        gtk_widget_set_visible(widget, 0)
    }

    func show(done: Int, of total: Int) {
        let text = L10n.format("Saving %1$s of %2$s", String(done), String(total))
        gtk_progress_bar_set_text(bar.opaque, text)
        gtk_progress_bar_set_fraction(bar.opaque, total > 0 ? Double(done) / Double(total) : 0)
        shim_accessible_set_value_text(bar.opaque, text)
        gtk_widget_set_visible(widget, 1)
        gtk_revealer_set_reveal_child(widget.opaque, 1)
    }

    func hide() {
        gtk_revealer_set_reveal_child(widget.opaque, 0)
        gtk_widget_set_visible(widget, 0)
    }
}
