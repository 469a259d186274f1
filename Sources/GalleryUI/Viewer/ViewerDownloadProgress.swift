import CGtk
import CShims
import GObjectSupport
import GalleryCore

/// The bar that says how far the page's original has come while it downloads: determinate
/// when the server declared the size, pulsing when not, and in words below it ("1.2 of 4.1 MB",
/// "Waiting for the server…"). A screen reader reads it as a progress bar named "Download"
/// with that text as its value.
@MainActor
final class ViewerDownloadProgress {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let bar: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>

    init() {
        bar = gtk_progress_bar_new()
        gtk_widget_set_size_request(bar, 240, -1)
        // Translators: the accessible name of the viewer's progress bar while a picture downloads.
        shim_accessible_set_label(bar.opaque, L10n.tr("Download"))
        label = gtk_label_new(nil)
        gtk_widget_add_css_class(label, "numeric")
        gtk_widget_add_css_class(label, "caption")
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_box_append(widget.cast(), bar)
        gtk_box_append(widget.cast(), label)
        gtk_widget_add_css_class(widget, "osd")
        gtk_widget_add_css_class(widget, "viewer-progress")
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(widget, 24)
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
    }

    func show(_ progress: DownloadProgress) {
        if let fraction = progress.fraction {
            gtk_progress_bar_set_fraction(bar.opaque, fraction)
        } else if !progress.isStalled {
            gtk_progress_bar_pulse(bar.opaque)
        }
        let text = DownloadProgressText.text(for: progress)
        gtk_label_set_text(label.opaque, text)
        shim_accessible_set_value_text(bar.opaque, text)
        gtk_widget_set_visible(widget, 1)
    }

    func hide() {
        gtk_widget_set_visible(widget, 0)
        gtk_progress_bar_set_fraction(bar.opaque, 0)
    }

    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }
    var text: String { String(cString: gtk_label_get_text(label.opaque)) }
    var fraction: Double { gtk_progress_bar_get_fraction(bar.opaque) }
}
