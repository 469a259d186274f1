import CGtk
import GalleryCore

/// How the canvas draws: the page in the stored picture's frame turned as the person turned it,
/// the thumbnail beneath rows still arriving, the detail's tiles on screen on whole device
/// pixels, and the neighbours while sliding.
extension ViewerCanvas {
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

    /// On whole device pixels: at 100 % each image pixel then lands on one screen pixel, where
    /// half a pixel off would blend every pair of neighbours (the renderer filters linearly).
    private func devicePixelAligned(_ point: ZoomModel.Point) -> ZoomModel.Point {
        let scale = deviceScale
        return .init(x: (point.x * scale).rounded() / scale, y: (point.y * scale).rounded() / scale)
    }

    /// Draws the tiles of `detail` that intersect the viewport, and forgets the others (their
    /// GPU copies go with them). `seen`: what of the stored picture the viewport shows; drawn in its frame, scaled by
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
}
