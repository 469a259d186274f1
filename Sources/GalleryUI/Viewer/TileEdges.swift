import GalleryCore

/// Where the edges between the full-detail tiles of a zoomed page fall on screen, in widget
/// coordinates rounded to whole device pixels.
///
/// Edge `k` is computed from `k` alone, so the right edge of one tile and the left edge of the
/// next are the same number, and every edge lies on a device pixel: no tile edge is drawn
/// part-covered, and no seam or overlap can show the screen-sized picture beneath. The last
/// edge is the image's own (a scaled JPEG's held pixels reach a fraction past it).
struct TileEdges {
    private let detail: FullDetailImage
    private let zoomScale: Double
    private let origin: ZoomModel.Point
    private let deviceScale: Double

    /// `origin`: where the picture's top left is drawn; `scale`: the zoom's.
    init(detail: FullDetailImage, scale: Double, origin: ZoomModel.Point, deviceScale: Double) {
        self.detail = detail
        zoomScale = scale
        self.origin = origin
        self.deviceScale = deviceScale
    }

    /// The left edge of tile column `column` (the right edge of column `column - 1`).
    func x(_ column: Int) -> Double {
        let held = min(detail.pixelSize.width, column * FullDetailImage.tileSide)
        let source = min(Double(detail.size.width), Double(detail.origin.x + held) / detail.scale)
        return aligned(origin.x + source * zoomScale)
    }

    /// The top edge of tile row `row` (the bottom edge of row `row - 1`).
    func y(_ row: Int) -> Double {
        let held = min(detail.pixelSize.height, row * FullDetailImage.tileSide)
        let source = min(Double(detail.size.height), Double(detail.origin.y + held) / detail.scale)
        return aligned(origin.y + source * zoomScale)
    }

    private func aligned(_ value: Double) -> Double { (value * deviceScale).rounded() / deviceScale }
}
