import CGtk
import CShims
import GObjectSupport
import GalleryCore

/// The widget the image is drawn in: a tiny GtkWidget subclass whose `snapshot` appends the
/// texture at the zoom model's rectangle, so zooming and panning only redraw (the renderer
/// scales the texture; nothing is decoded again). It measures as 0×0, so a zoomed image never
/// pushes the window bigger — the reason a GtkPicture in a GtkFixed was not used.
///
/// While paging by swipe, the neighbours are drawn beside the current image at best fit and
/// everything shifts by `slideOffset`, so the image follows the finger.
///
/// A screen-sized page (`DecodedImage.isScreenSized`) is zoomed in source pixels; once the zoom
/// is finer than its texture (`needsFullDetail`), the tiles of `detail` (the region on screen,
/// or the whole page) that are on screen are drawn over it, each a texture sharing the decoded
/// pixels, made when it comes into view and dropped when it leaves.
@MainActor
final class ViewerCanvas {
    /// Space between pages while sliding.
    static let pageGap = 32.0

    let widget: UnsafeMutablePointer<GtkWidget>
    /// Geometry of the current image as shown (turned); nil while nothing is loaded.
    private(set) var zoom: ZoomModel?
    /// How the person turned the page (`PictureTurn`): the zoom is of the turned picture, the
    /// textures are drawn through it.
    private(set) var turn = PictureTurn.none
    /// The page's size as stored (before its turn), in the zoom's units.
    private(set) var storedSize: ZoomModel.Size?
    /// What is drawn now: the page's image, or the current frame of its animation.
    private(set) var texture: TextureHandle?
    /// The page's image as given to `show` (for an animation, its first frame).
    private var pageTexture: TextureHandle?
    /// The page's full resolution, when the store has it; tiles are made from it as they show.
    var detail: FullDetailImage? {
        didSet {
            guard detail !== oldValue else { return }
            tiles.removeAll()
            redraw()
        }
    }
    /// The detail's tiles on screen, as textures (`ViewerCanvas+Drawing`).
    var tiles: [Tile: TextureHandle] = [:]
    private var pageIndex: Int?
    struct Tile: Hashable {
        let column: Int
        let row: Int
    }
    private(set) var player: ViewerAnimationPlayer?
    /// Drawn beneath the page's texture at the same place: the thumbnail under a picture whose
    /// rows are still arriving (transparent where they have not).
    var underlay: TextureHandle? { didSet { if underlay !== oldValue { redraw() } } }
    var previousTexture: TextureHandle? { didSet { if previousTexture !== oldValue { redraw() } } }
    var nextTexture: TextureHandle? { didSet { if nextTexture !== oldValue { redraw() } } }
    /// How the neighbours were turned: they slide in as they will show.
    var previousTurn = PictureTurn.none
    var nextTurn = PictureTurn.none
    /// Horizontal shift of all pages while a swipe is under way.
    var slideOffset = 0.0 { didSet { if slideOffset != oldValue { redraw() } } }
    /// Called whenever zoom or pan changed, for the zoom label and action states.
    var onZoomChange: (() -> Void)?
    /// Called when the widget's size or the display scale changed (pages are decoded for it).
    var onViewportChange: (() -> Void)?

    init() {
        widget = g_object_new_with_properties(ViewerCanvasClass.gtype, 0, nil, nil)!.widget
        g_object_ref_sink(widget)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(widget, "viewer-canvas")
        AttachedObject.attachWeakly(self, to: widget, key: ViewerCanvasClass.ownerKey)
        Signal.connect(widget, .notify("scale-factor")) { [weak self] (_: UnsafeMutableRawPointer?) in
            self?.viewportChanged()
        }
    }

    /// Detaches the Swift side; the widget may outlive this object briefly while GTK tears down.
    func invalidate() {
        player?.stop()
        player = nil
        AttachedObject.detach(from: widget, key: ViewerCanvasClass.ownerKey)
        g_object_unref(widget)
    }

    var viewportSize: ZoomModel.Size {
        ZoomModel.Size(width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget)))
    }

    var deviceScale: Double { Double(gtk_widget_get_scale_factor(widget)) }

    /// Shows a new page at best fit (zoom resets per page), or nothing. An animated image
    /// starts playing; frames keep the zoom and pan (they all have the page's size). The same
    /// page decoded again for a larger window keeps its zoom and detail.
    func show(_ image: DecodedImage?, page: Int, turn: PictureTurn = .none) {
        guard image?.texture !== pageTexture || turn != self.turn || page != pageIndex else { return }
        if let image, image.isScreenSized, page == pageIndex, turn == self.turn,
           storedSize == ZoomModel.Size(width: Double(image.sourceWidth), height: Double(image.sourceHeight)) {
            pageTexture = image.texture
            texture = image.texture
            redraw()
            return
        }
        pageIndex = page
        player?.stop()
        player = nil
        pageTexture = image?.texture
        texture = image?.texture
        detail = nil
        self.turn = turn
        storedSize = image.map {
            // A screen-sized texture stands for the whole source: zoom levels are the source's.
            $0.isScreenSized ? ZoomModel.Size(width: Double($0.sourceWidth), height: Double($0.sourceHeight))
                : ZoomModel.Size(width: Double($0.texture.pixelWidth), height: Double($0.texture.pixelHeight))
        }
        zoom = storedSize.map { ZoomModel(imageSize: turned($0), viewportSize: viewportSize, deviceScale: deviceScale) }
        redraw()
        onZoomChange?()
        if let animation = image?.animation {
            let player = ViewerAnimationPlayer(animation, spans: image?.animationSpans) { [weak self] frame in
                self?.texture = frame
                self?.redraw()
            }
            self.player = player
            player.start()
        }
    }

    /// Turns the page shown: at best fit it stays fitted; zoomed in, it keeps its zoom, and
    /// the point at the middle of the view stays there (as Loupe turns a picture).
    func setTurn(_ newTurn: PictureTurn) {
        guard newTurn != turn, let old = zoom, let stored = storedSize else {
            turn = newTurn
            return
        }
        let centre = old.imagePoint(at: old.viewportCenter)
        let source = turn.unturn(x: centre.x, y: centre.y, width: stored.width, height: stored.height)
        turn = newTurn
        tiles.removeAll()
        var model = ZoomModel(imageSize: turned(stored), viewportSize: viewportSize, deviceScale: deviceScale)
        if !old.isBestFit {
            let point = newTurn.turn(x: source.x, y: source.y, width: stored.width, height: stored.height)
            model.zoom(toLevel: old.level, anchor: model.viewportCenter)
            let now = model.imagePoint(at: model.viewportCenter)
            model.pan(by: .init(x: (now.x - point.x) * model.scale, y: (now.y - point.y) * model.scale))
        }
        zoom = model
        redraw()
        onZoomChange?()
    }

    private func turned(_ size: ZoomModel.Size) -> ZoomModel.Size {
        let turned = turn.turned(width: size.width, height: size.height)
        return ZoomModel.Size(width: turned.width, height: turned.height)
    }

    /// True when the zoom shows the page finer than its texture holds: its full detail is needed.
    var needsFullDetail: Bool {
        guard let pageTexture, let zoom, let storedSize, player == nil else { return false }
        return ScreenFit.needsFullDetail(textureWidth: pageTexture.pixelWidth, sourceWidth: Int(storedSize.width),
                                         devicePixelsPerSourcePixel: zoom.scale * zoom.deviceScale)
    }

    /// What of the page is on screen and how finely, in its source pixels: what its detail must
    /// cover. Nil without a page.
    var visibleDetailRegion: DetailRegion? {
        guard let zoom, let storedSize else { return nil }
        let seen = storedRect(seenFrom: .init(x: 0, y: 0), to: .init(x: zoom.viewportSize.width, y: zoom.viewportSize.height))
        let left = max(0, seen.left), top = max(0, seen.top)
        let right = min(storedSize.width, seen.right), bottom = min(storedSize.height, seen.bottom)
        guard right > left, bottom > top else { return nil }
        return DetailRegion(x: left, y: top, width: right - left, height: bottom - top,
                            devicePixelsPerSourcePixel: zoom.scale * zoom.deviceScale)
    }

    /// What of the stored picture (before its turn) the view between two of its points shows.
    func storedRect(seenFrom start: ZoomModel.Point, to end: ZoomModel.Point)
        -> (left: Double, top: Double, right: Double, bottom: Double) {
        guard let zoom, let storedSize else { return (0, 0, 0, 0) }
        let corners = [zoom.imagePoint(at: start), zoom.imagePoint(at: end)].map {
            turn.unturn(x: $0.x, y: $0.y, width: storedSize.width, height: storedSize.height)
        }
        return (min(corners[0].x, corners[1].x), min(corners[0].y, corners[1].y),
                max(corners[0].x, corners[1].x), max(corners[0].y, corners[1].y))
    }

    /// The accessible name: what a screen reader says for the picture.
    func describe(_ label: String) {
        shim_accessible_set_label(widget.opaque, label)
    }

    /// Applies a change to the zoom model and redraws.
    func updateZoom(_ change: (inout ZoomModel) -> Void) {
        guard var model = zoom else { return }
        change(&model)
        guard model != zoom else { return }
        zoom = model
        redraw()
        onZoomChange?()
    }

    private func redraw() { gtk_widget_queue_draw(widget) }

    /// The device-pixel box a page fills at best fit, nil before the widget has a size.
    var screenBox: PixelSize? {
        let size = viewportSize
        guard !size.isEmpty else { return nil }
        return ScreenFit.box(width: size.width, height: size.height, deviceScale: deviceScale)
    }

    func viewportChanged() {
        let size = viewportSize
        updateZoom { $0.setViewport(size, deviceScale: deviceScale) }
        onViewportChange?()
    }

    /// The Swift owner of a canvas widget, if still attached.
    static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> ViewerCanvas? {
        guard let widget else { return nil }
        return AttachedObject.object(of: widget, key: ViewerCanvasClass.ownerKey)
    }
}
