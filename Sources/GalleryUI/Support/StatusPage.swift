import CGtk
import CShims
import GObjectSupport

/// The one page for when there is nothing to show: the gallery's list loading or failing, the
/// viewer's picture failing. An icon, a title, a sentence, and Retry — and, for a list, always
/// a way to another one: Open a List… and the recent lists beside it.
@MainActor
final class StatusPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    let retryButton: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let details: UnsafeMutablePointer<GtkWidget>
    /// Open a List… and the recent lists' menu, when the page is a list's (`offeringLists`).
    private(set) var openListButton: UnsafeMutablePointer<GtkWidget>?
    private var recentButton: UnsafeMutablePointer<GtkWidget>?
    /// Run by Retry when the page was made without a `retryAction`.
    var onRetry: (@MainActor () -> Void)?

    /// `retryAction`: Retry activates this action (`win.retry`), so it follows its enabled state
    /// and its shortcut; without one it runs `onRetry`.
    /// `detailsAction`: a Details button beside Retry activates it (a picture's failure Details).
    init(retryAction: String? = nil, detailsAction: String? = nil) {
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
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_box_append(buttons.cast(), retryButton)
        if let detailsAction {
            let detailsButton = gtk_button_new_with_label(L10n.tr("Details"))!
            gtk_widget_add_css_class(detailsButton, "pill")
            gtk_widget_set_tooltip_text(detailsButton, L10n.tr("Why this picture failed"))
            gtk_actionable_set_action_name(detailsButton.opaque, detailsAction)
            gtk_box_append(buttons.cast(), detailsButton)
        }
        for child in [icon, spinner, title, details, buttons] { gtk_box_append(widget.cast(), child) }
    }

    /// Offers Open a List… (activating `openAction`) and a menu of the recent lists (`recent`,
    /// kept up to date by the window) under Retry whenever the page shows a problem: an empty,
    /// offline or failed list is never a dead end. The buttons are made the first time they
    /// show, not before the window's first frame (a gallery that loads never needs them).
    func offerLists(openAction: String, recent: OpaquePointer) {
        listChoices = (openAction, recent)
    }

    private var listChoices: (openAction: String, recent: OpaquePointer)?

    private func makeListButtons() {
        guard openListButton == nil, let (openAction, recent) = listChoices else { return }
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        let open = gtk_button_new_with_label(L10n.tr("Open a List…"))!
        gtk_widget_add_css_class(open, "pill")
        gtk_actionable_set_action_name(open.opaque, openAction)
        let recentLists = gtk_menu_button_new()!
        gtk_menu_button_set_label(recentLists.opaque, L10n.tr("Recent Lists"))
        gtk_menu_button_set_menu_model(recentLists.opaque, recent.cast())
        gtk_widget_add_css_class(recentLists, "pill")
        gtk_box_append(row.cast(), open)
        gtk_box_append(row.cast(), recentLists)
        gtk_box_append(widget.cast(), row)
        openListButton = open
        recentButton = recentLists
    }

    func showLoading(_ text: String) {
        gtk_widget_set_visible(icon, 0)
        gtk_widget_set_visible(spinner, 1)
        gtk_spinner_start(spinner.opaque)
        gtk_label_set_text(title.opaque, text)
        gtk_widget_set_visible(details, 0)
        gtk_widget_set_visible(retryButton, 0)
        openListButton.map { gtk_widget_set_visible($0, 0) }
        recentButton.map { gtk_widget_set_visible($0, 0) }
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
        makeListButtons()
        openListButton.map { gtk_widget_set_visible($0, 1) }
        // The recent lists' menu only when there are some.
        recentButton.map { button in
            let model = gtk_menu_button_get_menu_model(button.opaque)
            gtk_widget_set_visible(button, model.map { g_menu_model_get_n_items($0) > 0 } == true ? 1 : 0)
        }
    }

    var titleText: String { String(cString: gtk_label_get_text(title.opaque)) }
}
