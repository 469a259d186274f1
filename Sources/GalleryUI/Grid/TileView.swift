import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// The widgets of one grid cell, shown for whichever `GridItem` they are bound to: a thumbnail,
/// a spinner, a failure with Retry, or a labelled placeholder.
///
/// The grid keeps views only for the rows near the viewport and rebinds them as the person
/// scrolls, so every layer is built once per view and then only updated:
/// ```
/// GtkFlowBoxChild.tile            accessible label: what the tile is, with the URL or line;
/// │                               square, at least 100 px wide (`SquareCellLayout`)
/// └─ GtkOverlay.tile-frame        keeps the picture's natural size out of the FlowBox's flow
///    ├─ GtkPicture.thumbnail      fills the square frame, fades in after a wait
///    ├─ GtkSpinner                only after 200 ms of loading
///    ├─ TileProgressRing          instead, once its original has downloaded for a second
///    ├─ GtkOverlay > GtkBox.tile-message  icon, title and line, "Retry" when failed; ⓘ Details in the corner
///    └─ GtkImage.tile-check       in selection mode: a round check, filled when selected
/// ```
@MainActor
final class TileView {
    /// The minimum cell width: FlowBox fits as many columns of this natural width as it can,
    /// so cells are 100–120 px wide from five columns up (`SquareCellLayout`); a larger
    /// thumbnail size asks for more (`setCellSide`).
    nonisolated static let naturalSize: Int32 = 100
    /// The length of the fade: the CSS opacity transition of `.tile picture.thumbnail`.
    nonisolated static let fadeMilliseconds: UInt32 = 180

    let child: UnsafeMutablePointer<GtkWidget>
    let timing: TileTiming
    /// The overlay that holds the layers; `SquareCellLayout` makes it fill the cell.
    let frame: UnsafeMutablePointer<GtkWidget>
    private(set) var item: GridItem?
    private(set) var picture: UnsafeMutablePointer<GtkWidget>?
    var spinner: UnsafeMutablePointer<GtkWidget>?
    var message: TileMessage?
    /// The download's progress, made when first needed (`TileView+Layers`).
    var ring: TileProgressRing?
    /// The round check mark of selection mode, drawn checked when the FlowBox child is selected;
    /// made the first time selection mode shows it (`TileView+Selection`).
    var check: UnsafeMutablePointer<GtkWidget>?
    /// "3 links" on a tile that stands for copies (Hide Duplicates), made when first needed.
    var linksBadge: UnsafeMutablePointer<GtkWidget>?
    private let spinnerTimer = MainLoopSource()
    let progressTimer = MainLoopSource()
    private let fadeTimer = MainLoopSource()
    /// Since when a painted frame has shown this view's item loading (nil: none has yet).
    private var loadingShownSince: ContinuousClock.Instant?
    /// Pressed Retry or Details on the item this view shows; how far a link's original has downloaded.
    var onMessagePress: (@MainActor (GridItem, TileMessage.Press) -> Void)?
    var progressOf: (@MainActor (URL) -> DownloadProgress?)?
    /// The host a link's download waits for (a rate-limited host's pace), said on the tile.
    var waitingHostOf: (@MainActor (URL) -> String?)?

    init(timing: TileTiming = TileTiming()) {
        self.timing = timing
        child = gtk_flow_box_child_new()
        frame = gtk_overlay_new()
        gtk_widget_add_css_class(frame, "tile-frame")
        gtk_widget_set_layout_manager(child, SquareCellLayout.make())
        gtk_flow_box_child_set_child(child.cast(), frame)
        gtk_widget_add_css_class(child, "tile")
        g_object_ref_sink(child)
        // A view bound before the window is shown starts counting when it is first painted.
        Signal.connect(child, .map) { [weak self] in
            guard let self, self.item?.state == .loading, self.loadingShownSince == nil else { return }
            self.startWaitAtNextPaint()
        }
    }

    /// Starts `loadingShownSince` when the next frame has been painted, if the item is still
    /// loading then: the frame that first shows the empty tile. (A window takes ~70 ms from
    /// mapping to its first frame, time in which nobody saw anything wait.)
    private func startWaitAtNextPaint() {
        guard let clock = gtk_widget_get_frame_clock(child) else { return }
        Signal.connectOnce(clock, .afterPaint) { [weak self] in
            guard let self, self.item?.state == .loading, self.loadingShownSince == nil else { return }
            self.loadingShownSince = .now
        }
    }

    // `deinit` cannot touch GTK (it is nonisolated); the grid calls `dispose()` instead.
    func dispose() {
        unbind()
        g_object_unref(child)
    }

    /// Shows `item` from now on, as it is (no fade: it was already loaded or is scrolling in).
    func bind(_ item: GridItem) {
        unbind()
        self.item = item
        render(item, fadeIn: false)
    }

    /// The bound item changed state: shown at once, or faded in after a visible wait.
    func itemDidChange(from oldState: TileState) {
        guard let item else { return }
        let waited = loadingShownSince.map { .now - $0 >= timing.fadeInAfterWait } ?? false
        render(item, fadeIn: oldState == .loading && waited)
    }

    /// Lets go of the item and its texture: the view is going back to the grid's spares.
    func unbind() {
        guard item != nil else { return }
        item = nil
        spinnerTimer.cancel()
        progressTimer.cancel()
        fadeTimer.cancel()
        if let picture { gtk_picture_set_paintable(picture.opaque, nil) }
    }

    // MARK: Presentation

    private func render(_ item: GridItem, fadeIn: Bool) {
        let state = item.state
        spinnerTimer.cancel()
        progressTimer.cancel()
        fadeTimer.cancel()
        for style in ["placeholder", "failed", "offline", "loading", "covered"] { gtk_widget_remove_css_class(child, style) }
        renderPicture(item, fadeIn: fadeIn)
        spinner.map { gtk_spinner_stop($0.opaque); gtk_widget_set_visible($0, 0) }
        ring?.hide()

        switch state {
        case .idle, .loaded:
            break
        case .loading:
            gtk_widget_add_css_class(child, "loading")
            loadingShownSince = nil
            if gtk_widget_get_mapped(child) != 0 { startWaitAtNextPaint() }
            spinnerTimer.after(milliseconds: timing.spinnerDelayMilliseconds) { [weak self] in
                guard let self, self.item?.state == .loading else { return }
                let spinner = self.ensureSpinner()
                gtk_widget_set_visible(spinner, 1)
                gtk_spinner_start(spinner.opaque)
            }
            progressTimer.after(milliseconds: timing.progressRingDelayMilliseconds) { [weak self] in self?.showProgress() }
        case .notImage, .invalid:
            gtk_widget_add_css_class(child, "placeholder")
        case .failed:
            gtk_widget_add_css_class(child, state.isOffline ? "offline" : "failed")
        }
        renderMessage(item)
        showsLinkCount(state == .loaded ? item.linkCount : 1)
        shim_accessible_set_label(child.opaque, item.accessibleName)
    }

    private func renderPicture(_ item: GridItem, fadeIn: Bool) {
        guard let image = item.image else {
            picture.map { gtk_picture_set_paintable($0.opaque, nil); gtk_widget_set_visible($0, 0) }
            return
        }
        let picture = ensurePicture()
        gtk_picture_set_paintable(picture.opaque, image.texture.paintable)
        gtk_widget_set_visible(picture, 1)
        // An opaque picture hides the tile's background, which then need not be painted.
        let covers = image.texture.isOpaque
        guard fadeIn else {
            gtk_widget_add_css_class(picture, "loaded")
            if covers { gtk_widget_add_css_class(child, "covered") }
            return
        }
        // Adding the class a frame later lets the CSS opacity transition run; the background
        // stays under the picture until the fade is over.
        PerformanceTrace.shared.record(.thumbnailFade)
        gtk_widget_remove_css_class(picture, "loaded")
        fadeTimer.after(milliseconds: 16) { [weak self] in
            guard let self, let picture = self.picture else { return }
            gtk_widget_add_css_class(picture, "loaded")
            if covers { self.coverWhenFaded() }
        }
    }

    /// Drops the tile's background once the fade has ended (and a frame more).
    private func coverWhenFaded() {
        fadeTimer.after(milliseconds: Self.fadeMilliseconds + 20) { [weak self] in
            guard let self else { return }
            gtk_widget_add_css_class(self.child, "covered")
        }
    }

    private func renderMessage(_ item: GridItem) {
        switch item.state {
        case .idle, .loading, .loaded:
            message?.hide()
        case .notImage:
            ensureMessage().show(icon: "image-missing-symbolic", title: L10n.tr("Not an image"), detail: item.entry.text, retry: false)
        case .invalid:
            ensureMessage().show(icon: "dialog-question-symbolic", title: L10n.tr("Invalid entry"), detail: item.entry.text, retry: false)
        case .failed(let error):
            ensureMessage().show(
                icon: item.state.isOffline ? "network-offline-symbolic" : "dialog-warning-symbolic",
                title: ErrorMessages.short(error), detail: nil, retry: true)
        }
    }

    func ensureMessage() -> TileMessage {
        if let message { return message }
        let message = TileMessage()
        message.onPress = { [weak self] press in
            guard let self, let item = self.item else { return }
            self.onMessagePress?(item, press)
        }
        gtk_overlay_add_overlay(frame.opaque, message.widget)
        self.message = message
        return message
    }

    private func ensurePicture() -> UnsafeMutablePointer<GtkWidget> {
        if let picture { return picture }
        let picture = gtk_picture_new()!
        // Thumbnails are square, like the frame once laid out. FILL, not COVER: a picture
        // covering a frame that is not square yet (a resize) would draw over its neighbours,
        // and nothing in a tile clips (clipping costs every frame).
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_FILL)
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_widget_add_css_class(picture, "thumbnail")
        // Below the spinner and the message, whichever was built first.
        gtk_overlay_add_overlay(frame.opaque, picture)
        if let first = gtk_widget_get_first_child(frame), first != picture {
            gtk_widget_insert_before(picture, frame, first)
        }
        self.picture = picture
        return picture
    }

    private func ensureSpinner() -> UnsafeMutablePointer<GtkWidget> {
        if let spinner { return spinner }
        let spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 24, 24)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_overlay_add_overlay(frame.opaque, spinner)
        self.spinner = spinner
        return spinner
    }
}
