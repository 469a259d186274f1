import CGtk
import CShims
import Foundation
import GObjectSupport
import GalleryCore

/// The image viewer: one window showing one original at a time, paging through `items`.
///
/// Widget tree:
/// ```
/// GtkApplicationWindow .viewer
/// ├─ titlebar: GtkHeaderBar  [Previous Next] title [Zoom− Best Fit Zoom+ … Share] — narrow: title [Viewer Menu]
/// └─ GtkBox
///    ├─ GtkBox (vertical): the picture column
///    │  ├─ GtkOverlay
///    │  │  ├─ ViewerCanvas .viewer-canvas         draws the current image (and neighbours mid-swipe)
///    │  │  ├─ GtkSpinner / StatusPage .status-page  ViewerStatusViews (spinner only when no thumbnail stands in)
///    │  │  ├─ download progress .osd               ViewerDownloadProgress, while the original arrives
///    │  │  ├─ "Shown reduced" note .osd, banner .osd
///    │  │  └─ GtkRevealer → .osd toolbar          fullscreen controls (ViewerFullscreenChrome)
///    │  ├─ GtkRevealer → .filmstrip             ViewerFilmstrip (over the overlay's bottom in fullscreen)
///    │  └─ GtkActionBar .viewer-bottom-bar      narrow windows only: zoom, filmstrip, properties, share (ViewerNarrowLayout)
///    └─ GtkRevealer → .viewer-properties       ViewerPropertiesPanel
/// ```
/// The Swift object stays alive as long as its GTK window, as the window's data (`AttachedObject`).
@MainActor
public final class ViewerWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let items: [ViewerItem]
    private(set) var paging: PagingModel
    let store: ViewerPageStore
    let canvas: ViewerCanvas
    let status: ViewerStatusViews
    private(set) var input: ViewerCanvasInput!
    private(set) var chrome: ViewerFullscreenChrome!
    private(set) var arrival: ViewerArrivalWatch!
    private let headerBar: UnsafeMutablePointer<GtkWidget>
    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    /// The zoom level buttons of the header and of the fullscreen controls, which say the same.
    var zoomMenus: [ViewerZoomMenu] = []
    let zoomKeeper: ZoomKeeper
    let filmstrip: ViewerFilmstrip
    /// Where the filmstrip goes: below the picture in a window, over its bottom in fullscreen.
    let pictureColumn: UnsafeMutablePointer<GtkWidget>
    let overlay: UnsafeMutablePointer<GtkWidget>
    var saveDialog: ViewerSaveImage?
    var openWithChooser: OpenWithChooser?
    var background: DesktopBackground?
    var printJob: ViewerPrint?
    /// How pictures were turned, by address (remembered across runs in the app).
    let turns: PictureTurns
    private var pictureDrag: ViewerPictureDragSource?
    let application: OpaquePointer
    /// Where the slideshow's interval is remembered; nil in tests without a schema.
    let settings: AppSettings?
    /// The slideshow, while one runs (`ViewerWindow+Slideshow`).
    var slideshow: ViewerSlideshow?
    /// The crop frame and its bar, while cropping (`ViewerWindow+Crop`).
    var crop: (overlay: CropOverlay, bar: CropBar)?
    /// The properties panel was open when the show started: it comes back when the show ends.
    var propertiesHiddenBySlideshow = false
    let slideshowControls = SlideshowControls()
    let properties = ViewerPropertiesPanel()
    /// The properties toggles: the wide header's and the narrow layout's bottom bar's.
    var propertiesButtons: [UnsafeMutablePointer<GtkWidget>] = []
    /// The header's controls or, on a narrow screen, a menu and a bar under the picture.
    private(set) var narrow: ViewerNarrowLayout!
    /// The properties panel's facts for the page shown, on their way, and those read already:
    /// reading them reads the whole original and sends it to a worker, once per page is enough.
    var detailsLoad: Task<Void, Never>?
    var detailsRead: [URL: PictureDetails] = [:]

    static let defaultSize = (width: 1000, height: 720)
    private static let defaultScreenBox = PixelSize(width: defaultSize.width, height: defaultSize.height)

    /// `turns` nil: turns are kept for this window only (tests).
    public init(application: OpaquePointer, items: [ViewerItem], startIndex: Int, source: any OriginalImageSource,
                settings: AppSettings? = nil, turns: PictureTurns? = nil) {
        self.items = items
        self.turns = turns ?? PictureTurns(file: nil)
        self.application = application
        self.settings = settings
        paging = PagingModel(count: items.count, index: startIndex)
        zoomKeeper = ZoomKeeper(isOn: settings?.keepZoomWhenPaging ?? false)
        filmstrip = ViewerFilmstrip(items: items, current: paging.index, source: source)
        // Until the canvas has a size, pages are decoded for the window's default size; a larger
        // window then decodes the pages shown again (`ViewerPageStore.setScreen`).
        store = ViewerPageStore(items: items, source: source, screen: ViewerWindow.defaultScreenBox)
        canvas = ViewerCanvas()
        status = ViewerStatusViews()
        overlay = gtk_overlay_new()!
        pictureColumn = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!

        window = gtk_application_window_new(application.cast())
        gtk_widget_add_css_class(window, "viewer")
        gtk_widget_add_css_class(window, Stylesheet.appWindowClass)
        // As big as it was last closed (a phone's 360 px too), never smaller than a phone's screen.
        gtk_window_set_default_size(window.cast(), gint(max(360, settings?.viewerWidth ?? Self.defaultSize.width)),
                                    gint(max(300, settings?.viewerHeight ?? Self.defaultSize.height)))

        titleLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(titleLabel, "title")
        gtk_label_set_ellipsize(titleLabel.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_single_line_mode(titleLabel.opaque, 1)
        headerBar = gtk_header_bar_new()
        narrow = ViewerNarrowLayout(title: titleLabel, wide: wideHeaderControls(), bottom: bottomBarControls(),
                                    menu: ViewerButtons.narrowMenuModel())
        gtk_header_bar_set_title_widget(headerBar.opaque, narrow.titleWidget)
        gtk_window_set_titlebar(window.cast(), headerBar)
        for button in navigationButtons() { gtk_header_bar_pack_start(headerBar.opaque, button) }
        gtk_header_bar_pack_end(headerBar.opaque, narrow.menuButton)

        gtk_overlay_set_child(overlay.opaque, canvas.widget)
        status.add(to: overlay.opaque)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_widget_set_hexpand(pictureColumn, 1)
        gtk_box_append(pictureColumn.cast(), overlay)
        gtk_box_append(pictureColumn.cast(), filmstrip.revealer)
        gtk_box_append(pictureColumn.cast(), narrow.bottomBar)
        // The properties panel beside the picture, not over it (under it on a phone).
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(content.cast(), pictureColumn)
        properties.attach(to: content)
        gtk_window_set_child(window.cast(), content)
        narrow.onNarrowChange = { [weak self] _ in self?.placeProperties() }

        chrome = ViewerFullscreenChrome(window: window, headerBar: headerBar, controls: fullscreenControls())
        gtk_overlay_add_overlay(overlay.opaque, chrome.revealer)
        input = ViewerCanvasInput(canvas: canvas, delegate: self)
        arrival = ViewerArrivalWatch(store: store, view: status.progress)
        pictureDrag = ViewerPictureDragSource(widget: canvas.widget) { [weak self] in self?.pictureToDrag() }

        installActions()
        setState(.keepZoom, zoomKeeper.isOn)
        setUpFilmstrip(shown: settings?.filmstripShown ?? false)
        store.onChange = { [weak self] index in self?.pageStateChanged(index) }
        canvas.onZoomChange = { [weak self] in self?.zoomChanged() }
        canvas.onViewportChange = { [weak self] in self?.viewportChanged() }
        store.onDetailChange = { [weak self] in self?.detailChanged() }
        slideshowControls.onInterval = { [weak self] seconds in self?.setSlideshowInterval(seconds) }
        properties.onCopy = { [weak self] _ in self?.copyLink() }
        properties.onOpenPlace = { [weak self] latitude, longitude in self?.openPlace(latitude: latitude, longitude: longitude) }
        // Fullscreen left by other means (F11, the window manager) ends a show.
        Signal.connect(window, .notify("fullscreened")) { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, self.slideshow != nil, gtk_window_is_fullscreen(self.window.cast()) == 0 else { return }
            self.stopSlideshow()
        }
        AttachedObject.keep(self, aliveWith: window, key: "link-gallery-viewer-window")
        Signal.connect(window, .closeRequest) { [weak self] in
            self?.saveSize()
            return false
        }
        Signal.connect(window, .destroy) { [weak self] in self?.tearDown() }
        showCurrentPage()
    }

    public func present() {
        gtk_window_present(window.cast())
        gtk_widget_grab_focus(canvas.widget)
    }

    // MARK: Pages

    var currentItem: ViewerItem? { items.indices.contains(paging.index) ? items[paging.index] : nil }

    var titleText: String {
        guard let item = currentItem else { return L10n.tr("No Images") }
        // Translators: the viewer's title, the picture's name and its position. Keep "%2$s / %3$s"
        // as it is: the position reads "N / M" in every language (tools/check-translations).
        return L10n.format("%1$s — %2$s / %3$s", item.title, String(paging.index + 1), String(paging.count))
    }

    func go(_ change: (inout PagingModel) -> Bool) {
        let left = paging.index
        guard change(&paging) else { return }
        if case .loaded = store.state(at: left) { zoomKeeper.leaving(pictureZoom: canvas.zoom) }
        zoomKeeper.pageTurned()
        PerformanceTrace.shared.record(.viewerPageTurn, String(paging.index))
        showCurrentPage()
        slideshow?.pageChanged()
    }

    private func showCurrentPage() {
        endCrop()
        input.reset()
        let title = titleText
        gtk_window_set_title(window.cast(), title)
        gtk_label_set_text(titleLabel.opaque, title)
        store.update(for: paging)
        refreshCurrent()
        refreshNeighbours()
        refreshPagingActions()
        refreshProperties()
        filmstrip.setCurrent(paging.index)
        let hasItem = currentItem != nil
        for name: ViewerAction in [.openInBrowser, .copyLink, .saveAs, .openWith, .rotateRight, .rotateLeft, .flip, .setBackground, .print, .crop] {
            setEnabled(name, hasItem)
        }
    }

    /// A show loops and skips, so its arrows always have somewhere to go.
    func refreshPagingActions() {
        let looping = slideshow != nil && paging.count > 1
        setEnabled(.previous, paging.hasPrevious || looping)
        setEnabled(.first, paging.hasPrevious)
        setEnabled(.next, paging.hasNext || looping)
        setEnabled(.last, paging.hasNext)
        for action: ViewerAction in [.slideshowPause, .slideshowStop] { setEnabled(action, slideshow != nil) }
    }

    private func pageStateChanged(_ index: Int) {
        if index == paging.index {
            refreshCurrent()
            if case .loaded = store.state(at: index) { refreshProperties() }
        }
        if abs(index - paging.index) == 1 { refreshNeighbours() }
        slideshow?.pageStateChanged()
    }

    // MARK: Lifetime

    private func tearDown() {
        store.onChange = nil
        chrome.onChange = nil
        filmstrip.invalidate()
        detailsLoad?.cancel()
        slideshow?.stop()
        slideshow = nil
        arrival.invalidate()
        store.cancelAll()
        input.reset()
        chrome.invalidate()
        status.invalidate()
        canvas.invalidate()
    }
}
