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
    private var storedSize: ZoomModel.Size?
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
    private var tiles: [Tile: TextureHandle] = [:]
    private var pageIndex: Int?
    private struct Tile: Hashable {
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
            let player = ViewerAnimationPlayer(animation) { [weak self] frame in
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
    private func storedRect(seenFrom start: ZoomModel.Point, to end: ZoomModel.Point)
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

    func draw(_ snapshot: OpaquePointer) {
        let viewport = viewportSize
        if let texture, let zoom, let storedSize {
            let origin = devicePixelAligned(.init(x: zoom.offset.x + slideOffset, y: zoom.offset.y))
            gtk_snapshot_save(snapshot)
            enterStoredFrame(at: origin, shown: zoom.displayedSize, snapshot)
            // In the stored picture's frame from here: its top left at 0, 0, scaled by the zoom.
            let width = storedSize.width * zoom.scale, height = storedSize.height * zoom.scale
            if let underlay { append(underlay, x: 0, y: 0, width: width, height: height, to: snapshot) }
            append(texture, x: 0, y: 0, width: width, height: height, to: snapshot)
            // `detail` is only ever the shown page's: a page change clears it, and the window
            // hands over a detail only for the current page.
            if let detail, needsFullDetail {
                let seen = storedRect(seenFrom: .init(x: -slideOffset, y: 0),
                                      to: .init(x: zoom.viewportSize.width - slideOffset, y: zoom.viewportSize.height))
                appendVisibleTiles(of: detail, seen: seen, scale: zoom.scale, to: snapshot)
            }
            gtk_snapshot_restore(snapshot)
        }
        let stride = viewport.width + Self.pageGap
        if let previousTexture, slideOffset > 0 {
            appendFitted(previousTexture, turn: previousTurn, shift: slideOffset - stride, to: snapshot)
        }
        if let nextTexture, slideOffset < 0 { appendFitted(nextTexture, turn: nextTurn, shift: slideOffset + stride, to: snapshot) }
    }

    /// From the view's frame to the stored picture's: to `origin`, the turned picture's top
    /// left (on a device pixel), then mirrored and turned (`PictureTurn.turn`), so what is
    /// drawn after is drawn as stored and lands turned.
    private func enterStoredFrame(at origin: ZoomModel.Point, shown: ZoomModel.Size, _ snapshot: OpaquePointer) {
        enterStoredFrame(at: origin, shown: shown, turn: turn, snapshot)
    }

    private func enterStoredFrame(at origin: ZoomModel.Point, shown: ZoomModel.Size, turn: PictureTurn, _ snapshot: OpaquePointer) {
        func translate(_ x: Double, _ y: Double) {
            var point = graphene_point_t(x: Float(x), y: Float(y))
            gtk_snapshot_translate(snapshot, &point)
        }
        translate(origin.x, origin.y)
        guard !turn.isNone else { return }
        if turn.mirrored {
            translate(shown.width, 0)
            gtk_snapshot_scale(snapshot, -1, 1)
        }
        switch turn.quarterTurns {
        case 1: translate(shown.width, 0)
        case 2: translate(shown.width, shown.height)
        case 3: translate(0, shown.height)
        default: break
        }
        gtk_snapshot_rotate(snapshot, Float(90 * turn.quarterTurns))
    }

    /// Draws the tiles of `detail` that intersect the viewport, and forgets the others (their
    /// GPU copies go with them).
    /// On whole device pixels: at 100 % each image pixel then lands on one screen pixel, where
    /// half a pixel off would blend every pair of neighbours (the renderer filters linearly).
    private func devicePixelAligned(_ point: ZoomModel.Point) -> ZoomModel.Point {
        let scale = deviceScale
        return .init(x: (point.x * scale).rounded() / scale, y: (point.y * scale).rounded() / scale)
    }

    /// `seen`: what of the stored picture the viewport shows; drawn in its frame, scaled by
    /// `zoomScale`.
    private func appendVisibleTiles(of detail: FullDetailImage, seen: (left: Double, top: Double, right: Double, bottom: Double),
                                    scale zoomScale: Double, to snapshot: OpaquePointer) {
        // The viewport in the detail's own pixels: source pixels at its scale, from its origin.
        let side = Double(FullDetailImage.tileSide), scale = detail.scale
        func column(_ x: Double) -> Int { Int(((x * scale - Double(detail.origin.x)) / side).rounded(.down)) }
        func row(_ y: Double) -> Int { Int(((y * scale - Double(detail.origin.y)) / side).rounded(.down)) }
        let firstColumn = max(0, column(seen.left)), lastColumn = min(detail.columns - 1, column(seen.right))
        let firstRow = max(0, row(seen.top)), lastRow = min(detail.rows - 1, row(seen.bottom))
        guard firstColumn <= lastColumn, firstRow <= lastRow else {
            tiles = [:]
            return
        }
        // Tile edges on whole device pixels, each edge computed once from its index: a tile's
        // right edge is its neighbour's left edge to the bit. Fractional edges were drawn
        // part-covered, so a seam of the picture beneath showed between tiles at most zooms.
        let edges = TileEdges(detail: detail, scale: zoomScale, origin: .zero, deviceScale: deviceScale)
        var shown: [Tile: TextureHandle] = [:]
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let key = Tile(column: column, row: row)
                let tile = tiles[key] ?? detail.tile(column: column, row: row)
                shown[key] = tile
                let left = edges.x(column), top = edges.y(row)
                append(tile, x: left, y: top, width: edges.x(column + 1) - left, height: edges.y(row + 1) - top,
                       to: snapshot)
            }
        }
        tiles = shown
    }

    private func appendFitted(_ texture: TextureHandle, turn: PictureTurn, shift: Double, to snapshot: OpaquePointer) {
        let turned = turn.turned(width: Double(texture.pixelWidth), height: Double(texture.pixelHeight))
        let fit = ZoomModel(imageSize: .init(width: turned.width, height: turned.height), viewportSize: viewportSize,
                            deviceScale: deviceScale)
        gtk_snapshot_save(snapshot)
        enterStoredFrame(at: .init(x: fit.offset.x + shift, y: fit.offset.y), shown: fit.displayedSize, turn: turn, snapshot)
        append(texture, x: 0, y: 0, width: Double(texture.pixelWidth) * fit.scale, height: Double(texture.pixelHeight) * fit.scale,
               to: snapshot)
        gtk_snapshot_restore(snapshot)
    }

    private func append(_ texture: TextureHandle, x: Double, y: Double, width: Double, height: Double,
                        to snapshot: OpaquePointer) {
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, Float(x), Float(y), Float(width), Float(height))
        gtk_snapshot_append_texture(snapshot, texture.texture, &bounds)
    }

    /// The Swift owner of a canvas widget, if still attached.
    static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> ViewerCanvas? {
        guard let widget else { return nil }
        return AttachedObject.object(of: widget, key: ViewerCanvasClass.ownerKey)
    }
}
