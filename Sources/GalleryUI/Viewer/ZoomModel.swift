/// Where and how big one image is drawn in the viewer: pure geometry, no GTK, unit-tested.
///
/// Coordinates are logical (widget) pixels; `scale` is logical pixels per image pixel and
/// `offset` is where the image's top-left corner sits in the viewport. "100 %" means one image
/// pixel per *device* pixel, so on a scale-2 screen it is `scale == 0.5`.
struct ZoomModel: Equatable, Sendable {
    struct Point: Equatable, Sendable {
        var x: Double
        var y: Double
        static let zero = Point(x: 0, y: 0)
    }

    struct Size: Equatable, Sendable {
        var width: Double
        var height: Double
        var isEmpty: Bool { width <= 0 || height <= 0 }
    }

    /// The largest zoom level (20 × = 2000 %), like GNOME Image Viewer.
    static let maximumLevel = 20.0
    /// How far below best fit one may zoom out.
    static let minimumFractionOfFit = 0.25
    /// One key press or wheel notch.
    static let stepFactor = 1.25

    private(set) var imageSize: Size
    private(set) var viewportSize: Size
    private(set) var deviceScale: Double
    private(set) var scale: Double = 1
    private(set) var offset: Point = .zero
    /// True while the image follows the window size (the default, and after `0`).
    private(set) var isBestFit = true

    init(imageSize: Size, viewportSize: Size, deviceScale: Double = 1) {
        self.imageSize = imageSize
        self.viewportSize = viewportSize
        self.deviceScale = max(deviceScale, 1)
        zoomToBestFit()
    }

    // MARK: Derived values

    /// The scale at which one image pixel covers one device pixel.
    var oneToOneScale: Double { 1 / deviceScale }

    /// Fits the whole image in the viewport but never enlarges it past 100 %: small images stay
    /// sharp and small, as in GNOME Image Viewer.
    var bestFitScale: Double {
        guard !imageSize.isEmpty, !viewportSize.isEmpty else { return oneToOneScale }
        return min(viewportSize.width / imageSize.width, viewportSize.height / imageSize.height, oneToOneScale)
    }

    var minimumScale: Double { bestFitScale * Self.minimumFractionOfFit }
    var maximumScale: Double { oneToOneScale * Self.maximumLevel }

    /// 1.0 is 100 %.
    var level: Double { scale / oneToOneScale }

    var displayedSize: Size { Size(width: imageSize.width * scale, height: imageSize.height * scale) }

    /// True when the image is larger than the viewport in some direction, so dragging moves it.
    var canPan: Bool {
        let shown = displayedSize
        return shown.width > viewportSize.width + 0.5 || shown.height > viewportSize.height + 0.5
    }

    /// The image pixel under a viewport point.
    func imagePoint(at viewPoint: Point) -> Point {
        Point(x: (viewPoint.x - offset.x) / scale, y: (viewPoint.y - offset.y) / scale)
    }

    var viewportCenter: Point { Point(x: viewportSize.width / 2, y: viewportSize.height / 2) }

    // MARK: Changes

    mutating func zoomToBestFit() {
        scale = bestFitScale
        isBestFit = true
        offset = clamped(offset)
    }

    /// Zooms so that the image point under `anchor` stays under `anchor` (as far as clamping
    /// allows: a dimension smaller than the viewport is centred instead).
    mutating func zoom(to newScale: Double, anchor: Point) {
        let target = min(max(newScale, minimumScale), maximumScale)
        let pinned = imagePoint(at: anchor)
        scale = target
        isBestFit = abs(target - bestFitScale) < 1e-9
        offset = clamped(Point(x: anchor.x - pinned.x * target, y: anchor.y - pinned.y * target))
    }

    mutating func zoom(by factor: Double, anchor: Point) {
        zoom(to: scale * factor, anchor: anchor)
    }

    /// `level` 1.0 is 100 % (one image pixel per device pixel).
    mutating func zoom(toLevel level: Double, anchor: Point) {
        zoom(to: level * oneToOneScale, anchor: anchor)
    }

    /// Moves the image by `delta`, clamped so it cannot leave the viewport. Returns the movement
    /// that actually happened, so kinetic scrolling knows when it hit an edge.
    @discardableResult
    mutating func pan(by delta: Point) -> Point {
        let before = offset
        offset = clamped(Point(x: offset.x + delta.x, y: offset.y + delta.y))
        return Point(x: offset.x - before.x, y: offset.y - before.y)
    }

    /// The window or the screen changed. Best fit follows; otherwise the image point at the
    /// centre of the viewport stays at the centre.
    mutating func setViewport(_ size: Size, deviceScale newDeviceScale: Double) {
        let newDeviceScale = max(newDeviceScale, 1)
        if isBestFit {
            viewportSize = size
            deviceScale = newDeviceScale
            zoomToBestFit()
            return
        }
        let centre = imagePoint(at: viewportCenter)
        let oldLevel = level
        viewportSize = size
        deviceScale = newDeviceScale
        scale = min(max(oldLevel * oneToOneScale, minimumScale), maximumScale)
        offset = clamped(Point(x: viewportCenter.x - centre.x * scale, y: viewportCenter.y - centre.y * scale))
    }

    // MARK: Pinch: the picture follows two fingers like a photo held between them

    /// What a pinch holds on to from its start: the scale then, and the image point that was
    /// under the fingers' midpoint.
    struct PinchStart: Equatable, Sendable {
        var scale: Double
        var pinned: Point
    }

    func pinchStart(centre: Point) -> PinchStart {
        PinchStart(scale: scale, pinned: imagePoint(at: centre))
    }

    /// The fingers are `factor` times as far apart as at `start` and their midpoint is at
    /// `centre`: the size follows the factor (between the minimum and the maximum level) and the
    /// image point first under the midpoint is under it again, so moving both fingers pans. Edges
    /// still apply: a side smaller than the viewport stays centred. Below best fit is allowed
    /// here; the input springs it back (`isBelowBestFit`) when the fingers lift.
    mutating func pinch(from start: PinchStart, factor: Double, centre: Point) {
        let target = min(max(start.scale * factor, minimumScale), maximumScale)
        scale = target
        isBestFit = abs(target - bestFitScale) < 1e-9
        pan(by: Point(x: centre.x - start.pinned.x * target - offset.x,
                      y: centre.y - start.pinned.y * target - offset.y))
    }

    /// True when a pinch left the picture smaller than best fit, so it should spring back.
    var isBelowBestFit: Bool { scale < bestFitScale - 1e-9 }

    // MARK: Kept across pages

    /// A zoom to carry to the next picture ("Keep Zoom When Paging"): its level, and the point
    /// of the picture in the middle of the view as fractions of its width and height, so a
    /// series of shots of different sizes shows the same part of each.
    struct Kept: Equatable, Sendable {
        var level: Double
        var centre: Point
    }

    /// This zoom to carry over; nil at best fit, which every page starts at anyway.
    var kept: Kept? {
        guard !isBestFit, !imageSize.isEmpty else { return nil }
        let middle = imagePoint(at: viewportCenter)
        return Kept(level: level, centre: Point(x: middle.x / imageSize.width, y: middle.y / imageSize.height))
    }

    /// Shows this picture at a zoom kept from another, as far as its edges allow.
    mutating func apply(_ kept: Kept) {
        zoom(toLevel: kept.level, anchor: viewportCenter)
        let wanted = Point(x: kept.centre.x * imageSize.width, y: kept.centre.y * imageSize.height)
        let middle = imagePoint(at: viewportCenter)
        pan(by: Point(x: (middle.x - wanted.x) * scale, y: (middle.y - wanted.y) * scale))
    }

    /// Smaller than the viewport: centred. Larger: edges may not come inside the viewport.
    private func clamped(_ proposed: Point) -> Point {
        func axis(_ value: Double, shown: Double, room: Double) -> Double {
            if shown <= room { return (room - shown) / 2 }
            return min(0, max(room - shown, value))
        }
        let shown = displayedSize
        return Point(x: axis(proposed.x, shown: shown.width, room: viewportSize.width),
                     y: axis(proposed.y, shown: shown.height, room: viewportSize.height))
    }
}
