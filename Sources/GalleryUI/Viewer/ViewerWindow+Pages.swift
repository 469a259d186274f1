import CGtk
import GObjectSupport
import GalleryCore

/// What the window shows of the page: its picture (or what stands in for it), what a screen
/// reader says for it, its detail as the zoom asks, the neighbours ready for a swipe, and the
/// zoom level's label and actions.
extension ViewerWindow {
    func refreshCurrent() {
        let image: DecodedImage?, loaded: DecodedImage?
        switch store.state(at: paging.index) {
        case .loaded(let decoded):
            image = decoded
            loaded = decoded
            arrival.stop()
            status.showImage(decoded)
            PerformanceTrace.shared.recordAtNextPaint(
                of: canvas.widget, .viewerPageShown, "\(paging.index) \(decoded.texture.pixelWidth)x\(decoded.texture.pixelHeight)")
            let index = paging.index
            afterNextPaint { [weak self] in self?.store.currentPageShown(index) }
        case .failed(let error):
            image = nil
            loaded = nil
            arrival.stop()
            status.showError(error)
        case .loading, nil:
            // Its thumbnail, then its rows as they arrive, until the original is decoded.
            image = store.standIns.image(at: paging.index)
            loaded = nil
            if currentItem != nil {
                status.showLoading(withPicture: image != nil)
                arrival.watch(page: paging.index)
                if store.standIns.underlay(at: paging.index) != nil { arrival.rowsArrived(on: paging.index) }
            }
            // Traced once a page: when the thumbnail stands in (rows drawn later have it beneath).
            if let image, store.standIns.underlay(at: paging.index) == nil {
                PerformanceTrace.shared.recordAtNextPaint(of: canvas.widget, .viewerStandInShown,
                                                          "\(paging.index) \(image.texture.pixelWidth)x\(image.texture.pixelHeight)")
            }
        }
        canvas.show(image, page: paging.index, turn: currentItem.map { turns.turn(for: $0.url) } ?? .none)
        if loaded != nil, let kept = zoomKeeper.zoom(forShown: paging.index) {
            canvas.updateZoom { $0.apply(kept) }
        }
        canvas.underlay = loaded == nil ? store.standIns.underlay(at: paging.index) : nil
        canvas.describe(canvasDescription)
        setEnabled(.copyImage, loaded != nil)
        setEnabled(.retry, loaded == nil)
        setEnabled(.failureDetails, store.state(at: paging.index)?.failure != nil)
        updateDetail()
    }

    /// What a screen reader says for the picture: its name once shown, else what is going on.
    var canvasDescription: String {
        guard let item = currentItem else { return L10n.tr("No Images") }
        switch store.state(at: paging.index) {
        case .loaded: return item.title
        case .failed(let error): return ErrorMessages.title(for: error)
        case .loading, nil: return L10n.tr("Loading image")
        }
    }

    /// The page's failure Details: what the repository knows of why it failed.
    func showFailureDetails() {
        guard let item = currentItem, let error = store.state(at: paging.index)?.failure else { return }
        let index = paging.index
        FailureDetailsDialog.present(FailureDetails(url: item.url, error: error, report: store.source.failureReport(for: item.url)),
                                     parent: window) { [weak self] in self?.store.retry(index) }
    }

    /// Remembers the window's size for the next viewer (a phone's too).
    func saveSize() {
        guard let settings, let size = RestorableSize.of(window) else { return }
        settings.viewerWidth = size.width
        settings.viewerHeight = size.height
    }

    func viewportChanged() {
        if let box = canvas.screenBox { store.setScreen(box, paging: paging) }
        narrow.fit(width: Int(gtk_widget_get_width(window)))
        placeProperties()
    }

    /// Detail follows the zoom and the pan: asked for when the zoom passes the screen-sized
    /// texture or shows what the held detail does not cover, let go when it comes back (or the page changes, `ViewerPageStore.update`).
    func updateDetail() {
        // A thumbnail standing in has no detail to bring: the original's comes once it is here.
        if case .loaded = store.state(at: paging.index), canvas.needsFullDetail, let visible = canvas.visibleDetailRegion, let size = canvas.zoom?.imageSize {
            store.requestDetail(at: paging.index, covering: visible,
                                imageSize: PixelSize(width: Int(size.width), height: Int(size.height)))
        } else {
            store.releaseDetail()
        }
    }

    func detailChanged() {
        let detail = store.detail.flatMap { $0.index == paging.index ? $0.image : nil }
        canvas.detail = detail
        if detail != nil { PerformanceTrace.shared.recordAtNextPaint(of: canvas.widget, .viewerDetailShown, String(paging.index)) }
        // A zoom's first detail is painted before its margin is decoded (`ViewerPageStore+Detail`).
        if store.pendingMargin != nil, let clock = gtk_widget_get_frame_clock(canvas.widget) {
            Signal.connectOnce(clock, .afterPaint) { [weak self] in self?.store.loadPendingMargin() }
        }
    }

    /// Runs `body` once the canvas painted its next frame, or at once when it cannot paint.
    func afterNextPaint(_ body: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(canvas.widget) else { return body() }
        Signal.connectOnce(clock, .afterPaint) { body() }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }

    func refreshNeighbours() {
        canvas.previousTexture = store.image(at: paging.index - 1)?.texture
        canvas.nextTexture = store.image(at: paging.index + 1)?.texture
        canvas.previousTurn = items.indices.contains(paging.index - 1) ? turns.turn(for: items[paging.index - 1].url) : .none
        canvas.nextTurn = items.indices.contains(paging.index + 1) ? turns.turn(for: items[paging.index + 1].url) : .none
    }

    func zoomChanged() {
        let text: String
        if let zoom = canvas.zoom, !zoom.isBestFit {
            text = ZoomLevelText.label(for: zoom.level)
        } else {
            text = L10n.tr("Best Fit")
        }
        for menu in zoomMenus { menu.setLabel(text) }
        crop?.overlay.redraw()
        let zoom = canvas.zoom
        setEnabled(.zoomIn, zoom.map { $0.scale < $0.maximumScale - 1e-9 } ?? false)
        setEnabled(.zoomOut, zoom.map { $0.scale > $0.minimumScale + 1e-9 } ?? false)
        for action: ViewerAction in [.zoomBestFit, .zoomHalf, .zoomOriginal, .zoomDouble, .zoomQuadruple] {
            setEnabled(action, zoom != nil)
        }
        updateDetail()
    }

    var zoomLabelText: String { zoomMenus[0].label }

    /// "Keep Zoom When Paging", remembered; the zoom of the page shown is kept when it is left.
    func setKeepZoom(_ on: Bool) {
        zoomKeeper.isOn = on
        settings?.keepZoomWhenPaging = on
        setState(.keepZoom, on)
    }
}
