import CGtk
import CShims
import GObjectSupport
import GalleryCore

/// What lies over the image: the spinner while loading (when nothing of the picture is known
/// yet), the download's progress, the error page with Retry, the "Shown reduced" note, and a
/// banner for messages such as a missing browser.
@MainActor
final class ViewerStatusViews {
    let spinner: UnsafeMutablePointer<GtkWidget>
    let errorPage: UnsafeMutablePointer<GtkWidget>
    let retryButton: UnsafeMutablePointer<GtkWidget>
    let reducedNote: UnsafeMutablePointer<GtkWidget>
    let banner: UnsafeMutablePointer<GtkWidget>
    let progress = ViewerDownloadProgress()
    private let errorIcon: UnsafeMutablePointer<GtkWidget>
    private let errorTitle: UnsafeMutablePointer<GtkWidget>
    private let errorText: UnsafeMutablePointer<GtkWidget>
    private let bannerLabel: UnsafeMutablePointer<GtkWidget>
    private var bannerTimeout: UInt32 = 0
    /// Banners go away by themselves after this long.
    static let bannerMilliseconds: UInt32 = 8000
    /// How long a page may load before the spinner says so.
    static let spinnerDelayMilliseconds: UInt32 = 300
    private let spinnerDelay = MainLoopSource()

    init() {
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        Self.center(spinner)
        shim_accessible_set_label(spinner.opaque, L10n.tr("Loading image"))
        gtk_widget_set_visible(spinner, 0) // until a load takes long enough to say so

        errorIcon = gtk_image_new_from_icon_name("image-missing-symbolic")
        gtk_image_set_pixel_size(errorIcon.opaque, 96)
        gtk_widget_add_css_class(errorIcon, "dim-label")
        errorTitle = gtk_label_new(nil)
        gtk_widget_add_css_class(errorTitle, "title-1")
        gtk_label_set_wrap(errorTitle.opaque, 1)
        gtk_label_set_justify(errorTitle.opaque, GTK_JUSTIFY_CENTER)
        errorText = gtk_label_new(nil)
        gtk_label_set_wrap(errorText.opaque, 1)
        gtk_label_set_justify(errorText.opaque, GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(errorText.opaque, 50)
        retryButton = ViewerButtons.text(L10n.tr("Retry"), label: L10n.tr("Retry"), action: ViewerAction.retry.detailedName)
        gtk_widget_add_css_class(retryButton, "suggested-action")
        gtk_widget_add_css_class(retryButton, "pill")
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        errorPage = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        for child in [errorIcon, errorTitle, errorText, retryButton] { gtk_box_append(errorPage.cast(), child) }
        gtk_widget_set_margin_top(retryButton, 12)
        gtk_widget_add_css_class(errorPage, "error-page")
        Self.center(errorPage)
        gtk_widget_set_margin_start(errorPage, 24)
        gtk_widget_set_margin_end(errorPage, 24)

        reducedNote = gtk_label_new(nil)
        gtk_widget_add_css_class(reducedNote, "osd")
        gtk_widget_add_css_class(reducedNote, "viewer-note")
        gtk_widget_set_halign(reducedNote, GTK_ALIGN_START)
        gtk_widget_set_valign(reducedNote, GTK_ALIGN_END)
        gtk_widget_set_can_target(reducedNote, 0)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_bottom] { margin(reducedNote, 12) }

        bannerLabel = gtk_label_new(nil)
        gtk_label_set_wrap(bannerLabel.opaque, 1)
        gtk_widget_set_hexpand(bannerLabel, 1)
        gtk_label_set_xalign(bannerLabel.opaque, 0)
        let dismiss = ViewerButtons.icon("window-close-symbolic", label: L10n.tr("Dismiss"), action: ViewerAction.dismissBanner.detailedName)
        gtk_widget_add_css_class(dismiss, "flat")
        let bannerBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(bannerBox.cast(), bannerLabel)
        gtk_box_append(bannerBox.cast(), dismiss)
        gtk_widget_add_css_class(bannerBox, "viewer-banner")
        gtk_widget_add_css_class(bannerBox, "osd")
        banner = gtk_revealer_new()
        gtk_revealer_set_transition_type(banner.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_child(banner.opaque, bannerBox)
        gtk_widget_set_valign(banner, GTK_ALIGN_END)
        gtk_widget_set_halign(banner, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_bottom(banner, 24)
        shim_accessible_set_label(bannerBox.opaque, L10n.tr("Message"))

        showLoading()
    }

    /// Puts everything into the overlay above the canvas.
    func add(to overlay: OpaquePointer) {
        for child in [spinner, errorPage, reducedNote, progress.widget, banner] { gtk_overlay_add_overlay(overlay, child) }
    }

    /// Shows the spinner once loading has taken `spinnerDelayMilliseconds`: most pages arrive
    /// sooner, where a spinner would only flash, and its animation, drawn every frame, took the
    /// main thread and CPU from the decode it was waiting for.
    /// `withPicture`: something stands in for the picture (its thumbnail): no spinner over it.
    func showLoading(withPicture: Bool = false) {
        gtk_widget_set_visible(errorPage, 0)
        gtk_widget_set_visible(reducedNote, 0)
        if withPicture { return stopSpinner() }
        guard !isShowingSpinner, !spinnerDelay.isPending else { return }
        spinnerDelay.after(milliseconds: Self.spinnerDelayMilliseconds) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(spinner, 1)
            gtk_spinner_start(spinner.opaque)
            PerformanceTrace.shared.record("viewer-spinner-shown")
        }
    }

    func showError(_ error: ImageLoadError) {
        stopSpinner()
        gtk_image_set_from_icon_name(errorIcon.opaque, ViewerErrorText.iconName(for: error))
        gtk_label_set_text(errorTitle.opaque, ViewerErrorText.title(for: error))
        gtk_label_set_text(errorText.opaque, ErrorMessages.explanation(for: error))
        gtk_widget_set_visible(errorPage, 1)
        gtk_widget_set_visible(reducedNote, 0)
    }

    func showImage(_ image: DecodedImage) {
        stopSpinner()
        gtk_widget_set_visible(errorPage, 0)
        if image.wasDownscaled {
            let text = L10n.tr("Shown reduced: %s").replacingFirst(
                "%s", with: "\(image.texture.pixelWidth) × \(image.texture.pixelHeight)")
            gtk_label_set_text(reducedNote.opaque, text)
            gtk_widget_set_tooltip_text(reducedNote, L10n.tr("The original is %s").replacingFirst(
                "%s", with: "\(image.sourceWidth) × \(image.sourceHeight)"))
        }
        gtk_widget_set_visible(reducedNote, image.wasDownscaled ? 1 : 0)
    }

    var isShowingError: Bool { gtk_widget_get_visible(errorPage) != 0 }
    var isShowingSpinner: Bool { gtk_widget_get_visible(spinner) != 0 }
    var reducedNoteText: String? {
        gtk_widget_get_visible(reducedNote) != 0 ? String(cString: gtk_label_get_text(reducedNote.opaque)) : nil
    }
    var errorTitleText: String { String(cString: gtk_label_get_text(errorTitle.opaque)) }

    // MARK: Banner

    func showBanner(_ message: String) {
        gtk_label_set_text(bannerLabel.opaque, message)
        gtk_revealer_set_reveal_child(banner.opaque, 1)
        MainLoopSources.cancel(&bannerTimeout)
        bannerTimeout = MainLoopSources.after(milliseconds: Self.bannerMilliseconds) { [weak self] in
            self?.bannerTimeout = 0
            self?.hideBanner()
        }
    }

    func hideBanner() {
        MainLoopSources.cancel(&bannerTimeout)
        gtk_revealer_set_reveal_child(banner.opaque, 0)
    }

    var bannerText: String? {
        gtk_revealer_get_reveal_child(banner.opaque) != 0 ? String(cString: gtk_label_get_text(bannerLabel.opaque)) : nil
    }

    func invalidate() {
        MainLoopSources.cancel(&bannerTimeout)
        spinnerDelay.cancel()
    }

    private func stopSpinner() {
        spinnerDelay.cancel()
        gtk_spinner_stop(spinner.opaque)
        gtk_widget_set_visible(spinner, 0)
    }

    private static func center(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    }
}
