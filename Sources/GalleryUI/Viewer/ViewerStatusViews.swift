import CGtk
import CShims
import GObjectSupport
import GalleryCore

/// What lies over the image: the spinner while loading (when nothing of the picture is known
/// yet), the download's progress, the error page with Retry (the app's `StatusPage`), the
/// "Shown reduced" note, and the app's `Banner` for messages such as a missing browser.
@MainActor
final class ViewerStatusViews {
    let spinner: UnsafeMutablePointer<GtkWidget>
    let errorPage = StatusPage(retryAction: ViewerAction.retry.detailedName, detailsAction: ViewerAction.failureDetails.detailedName)
    let reducedNote: UnsafeMutablePointer<GtkWidget>
    /// Banners go away by themselves after this long.
    static let bannerMilliseconds: UInt32 = 8000
    let banner = Banner(.overlay(dismissAction: ViewerAction.dismissBanner.detailedName, autoHideMilliseconds: bannerMilliseconds))
    let progress = ViewerDownloadProgress()
    /// How long a page may load before the spinner says so.
    static let spinnerDelayMilliseconds: UInt32 = 300
    private let spinnerDelay = MainLoopSource()

    init() {
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        Self.center(spinner)
        shim_accessible_set_label(spinner.opaque, L10n.tr("Loading image"))
        gtk_widget_set_visible(spinner, 0) // until a load takes long enough to say so

        gtk_widget_set_visible(errorPage.widget, 0)

        reducedNote = gtk_label_new(nil)
        gtk_widget_add_css_class(reducedNote, "osd")
        gtk_widget_add_css_class(reducedNote, "viewer-note")
        gtk_widget_set_halign(reducedNote, GTK_ALIGN_START)
        gtk_widget_set_valign(reducedNote, GTK_ALIGN_END)
        gtk_widget_set_can_target(reducedNote, 0)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_bottom] { margin(reducedNote, 12) }

        showLoading()
    }

    /// Puts everything into the overlay above the canvas.
    func add(to overlay: OpaquePointer) {
        for child in [spinner, errorPage.widget, reducedNote, progress.widget, banner.widget] { gtk_overlay_add_overlay(overlay, child) }
    }

    /// Shows the spinner once loading has taken `spinnerDelayMilliseconds`: most pages arrive
    /// sooner, where a spinner would only flash, and its animation, drawn every frame, took the
    /// main thread and CPU from the decode it was waiting for.
    /// `withPicture`: something stands in for the picture (its thumbnail): no spinner over it.
    func showLoading(withPicture: Bool = false) {
        gtk_widget_set_visible(errorPage.widget, 0)
        gtk_widget_set_visible(reducedNote, 0)
        if withPicture { return stopSpinner() }
        guard !isShowingSpinner, !spinnerDelay.isPending else { return }
        spinnerDelay.after(milliseconds: Self.spinnerDelayMilliseconds) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(spinner, 1)
            gtk_spinner_start(spinner.opaque)
            PerformanceTrace.shared.record(.viewerSpinnerShown)
        }
    }

    func showError(_ error: LoadError) {
        stopSpinner()
        errorPage.showProblem(icon: ErrorMessages.iconName(for: error), title: ErrorMessages.title(for: error),
                              description: ErrorMessages.explanation(for: error), canRetry: true)
        gtk_widget_set_visible(errorPage.widget, 1)
        gtk_widget_set_visible(reducedNote, 0)
    }

    func showImage(_ image: DecodedImage) {
        stopSpinner()
        gtk_widget_set_visible(errorPage.widget, 0)
        if image.wasDownscaled {
            let text = L10n.format("Shown reduced: %1$s", "\(image.texture.pixelWidth) × \(image.texture.pixelHeight)")
            gtk_label_set_text(reducedNote.opaque, text)
            gtk_widget_set_tooltip_text(reducedNote, L10n.format("The original is %1$s", "\(image.sourceWidth) × \(image.sourceHeight)"))
        }
        gtk_widget_set_visible(reducedNote, image.wasDownscaled ? 1 : 0)
    }

    var isShowingError: Bool { gtk_widget_get_visible(errorPage.widget) != 0 }
    var isShowingSpinner: Bool { gtk_widget_get_visible(spinner) != 0 }
    var reducedNoteText: String? {
        gtk_widget_get_visible(reducedNote) != 0 ? String(cString: gtk_label_get_text(reducedNote.opaque)) : nil
    }
    var errorTitleText: String { errorPage.titleText }

    // MARK: Banner

    func showBanner(_ message: String) { banner.show(message) }
    func hideBanner() { banner.hide() }
    var bannerText: String? { banner.text }

    func invalidate() {
        banner.invalidate()
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
