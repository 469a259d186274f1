import CGtk
import CShims
import GObjectSupport

/// The one page for when there is nothing to show: the gallery's list loading or failing, the
/// viewer's picture failing. An icon, a title, a sentence, and Retry.
@MainActor
final class StatusPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    let retryButton: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let details: UnsafeMutablePointer<GtkWidget>
    /// Run by Retry when the page was made without a `retryAction`.
    var onRetry: (@MainActor () -> Void)?

    /// `retryAction`: Retry activates this action (`win.retry`), so it follows its enabled state
    /// and its shortcut; without one it runs `onRetry`.
    init(retryAction: String? = nil) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_add_css_class(widget, "status-page")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        icon = gtk_image_new()
        gtk_widget_add_css_class(icon, "status-icon")
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        title = gtk_label_new(nil)
        gtk_widget_add_css_class(title, "status-title")
        gtk_label_set_wrap(title.opaque, 1)
        gtk_label_set_justify(title.opaque, GTK_JUSTIFY_CENTER)
        details = gtk_label_new(nil)
        gtk_widget_add_css_class(details, "status-description")
        gtk_label_set_wrap(details.opaque, 1)
        gtk_label_set_max_width_chars(details.opaque, 50)
        gtk_label_set_justify(details.opaque, GTK_JUSTIFY_CENTER)
        retryButton = gtk_button_new_with_label(L10n.tr("Retry"))
        gtk_widget_add_css_class(retryButton, "suggested-action")
        gtk_widget_add_css_class(retryButton, "pill")
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        if let retryAction {
            gtk_actionable_set_action_name(retryButton.opaque, retryAction)
        } else {
            Signal.connect(retryButton, .clicked) { [weak self] in self?.onRetry?() }
        }
        for child in [icon, spinner, title, details, retryButton] { gtk_box_append(widget.cast(), child) }
    }

    func showLoading(_ text: String) {
        gtk_widget_set_visible(icon, 0)
        gtk_widget_set_visible(spinner, 1)
        gtk_spinner_start(spinner.opaque)
        gtk_label_set_text(title.opaque, text)
        gtk_widget_set_visible(details, 0)
        gtk_widget_set_visible(retryButton, 0)
    }

    /// The page is going away. A spinner left spinning on a page the stack hid still asks
    /// for a frame 60 times a second (measured: an idle grid repainted continuously, and under
    /// broadway that flood held back every other window's frames and touch events).
    func stopSpinner() {
        gtk_spinner_stop(spinner.opaque)
    }

    func showProblem(icon name: String, title text: String, description: String, canRetry: Bool) {
        gtk_spinner_stop(spinner.opaque)
        gtk_widget_set_visible(spinner, 0)
        gtk_image_set_from_icon_name(icon.opaque, name)
        gtk_widget_set_visible(icon, 1)
        gtk_label_set_text(title.opaque, text)
        gtk_label_set_text(details.opaque, description)
        gtk_widget_set_visible(details, 1)
        gtk_widget_set_visible(retryButton, canRetry ? 1 : 0)
    }

    var titleText: String { String(cString: gtk_label_get_text(title.opaque)) }
}
