/// The crop rectangle over a picture, in its pixels as shown (turned): pure geometry, no GTK,
/// unit-tested. A drag moves the rectangle or one of its eight handles; an aspect keeps its
/// width to height; nothing leaves the picture or gets smaller than `minimumSide`.
struct CropModel: Equatable, Sendable {
    struct Rect: Equatable, Sendable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var right: Double { x + width }
        var bottom: Double { y + height }
    }

    /// What a press takes hold of.
    enum Handle: CaseIterable, Sendable {
        case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left, inside

        var movesLeft: Bool { [.topLeft, .left, .bottomLeft].contains(self) }
        var movesRight: Bool { [.topRight, .right, .bottomRight].contains(self) }
        var movesTop: Bool { [.topLeft, .top, .topRight].contains(self) }
        var movesBottom: Bool { [.bottomLeft, .bottom, .bottomRight].contains(self) }
    }

    /// The presets GNOME Image Viewer offers, "original" being the picture's own.
    enum Aspect: Int, CaseIterable, Sendable {
        case free, original, square, fourThree, threeTwo, sixteenNine

        /// Width over height for a landscape picture; a portrait one takes the inverse.
        func ratio(pictureWidth: Double, pictureHeight: Double) -> Double? {
            let landscape: Double? = switch self {
            case .free: nil
            case .original: pictureWidth / pictureHeight
            case .square: 1
            case .fourThree: 4.0 / 3
            case .threeTwo: 3.0 / 2
            case .sixteenNine: 16.0 / 9
            }
            guard let landscape else { return nil }
            return self == .original || pictureWidth >= pictureHeight ? landscape : 1 / landscape
        }
    }

    static let minimumSide = 8.0

    let width: Double
    let height: Double
    private(set) var rect: Rect
    private(set) var aspect = Aspect.free

    init(width: Double, height: Double) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        rect = Rect(x: 0, y: 0, width: self.width, height: self.height)
    }

    var ratio: Double? { aspect.ratio(pictureWidth: width, pictureHeight: height) }

    /// The largest rectangle of the aspect inside the present one, about its centre.
    mutating func setAspect(_ newAspect: Aspect) {
        aspect = newAspect
        guard let ratio else { return }
        var w = rect.width, h = rect.width / ratio
        if h > rect.height { h = rect.height; w = h * ratio }
        rect = Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2, width: w, height: h)
    }

    /// What is at `point` (picture pixels): a handle within `tolerance`, the inside, or nothing.
    func handle(at point: (x: Double, y: Double), tolerance: Double) -> Handle? {
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        let withinX = point.x >= rect.x - tolerance && point.x <= rect.right + tolerance
        let withinY = point.y >= rect.y - tolerance && point.y <= rect.bottom + tolerance
        guard withinX, withinY else { return nil }
        let left = near(point.x, rect.x), right = near(point.x, rect.right)
        let top = near(point.y, rect.y), bottom = near(point.y, rect.bottom)
        switch (left, right, top, bottom) {
        case (true, _, true, _): return .topLeft
        case (_, true, true, _): return .topRight
        case (true, _, _, true): return .bottomLeft
        case (_, true, _, true): return .bottomRight
        case (true, _, _, _): return .left
        case (_, true, _, _): return .right
        case (_, _, true, _): return .top
        case (_, _, _, true): return .bottom
        default: return .inside
        }
    }

    /// `handle` dragged by (`dx`, `dy`) picture pixels from where it was when the drag began
    /// (`start`): the drag's whole way, not a step, so rounding never adds up.
    mutating func drag(_ handle: Handle, from start: Rect, dx: Double, dy: Double) {
        guard handle != .inside else {
            rect = start
            rect.x = min(max(0, start.x + dx), width - start.width)
            rect.y = min(max(0, start.y + dy), height - start.height)
            return
        }
        var left = start.x, top = start.y, right = start.right, bottom = start.bottom
        let side = Self.minimumSide
        if handle.movesLeft { left = min(max(0, start.x + dx), right - side) }
        if handle.movesRight { right = max(min(width, start.right + dx), left + side) }
        if handle.movesTop { top = min(max(0, start.y + dy), bottom - side) }
        if handle.movesBottom { bottom = max(min(height, start.bottom + dy), top + side) }
        rect = Rect(x: left, y: top, width: right - left, height: bottom - top)
        if let ratio { keep(ratio, dragging: handle, from: start) }
    }

    /// Brings the dragged rectangle to `ratio`: a corner keeps the opposite corner where it is,
    /// an edge keeps its opposite edge and the middle of the other two; the side the drag
    /// changed most leads, and the other follows within the picture.
    private mutating func keep(_ ratio: Double, dragging handle: Handle, from start: Rect) {
        let horizontal = handle.movesLeft || handle.movesRight, vertical = handle.movesTop || handle.movesBottom
        let widthLeads = horizontal && (!vertical || abs(rect.width - start.width) / ratio >= abs(rect.height - start.height))
        var w = rect.width, h = rect.height
        if widthLeads { h = w / ratio } else { w = h * ratio }
        // Room from the fixed side or middle to the picture's edges.
        let anchorX = handle.movesLeft ? rect.right : handle.movesRight ? rect.x : rect.x + rect.width / 2
        let anchorY = handle.movesTop ? rect.bottom : handle.movesBottom ? rect.y : rect.y + rect.height / 2
        let roomW = handle.movesLeft ? anchorX : handle.movesRight ? width - anchorX : 2 * min(anchorX, width - anchorX)
        let roomH = handle.movesTop ? anchorY : handle.movesBottom ? height - anchorY : 2 * min(anchorY, height - anchorY)
        let scale = min(1, roomW / w, roomH / h)
        w *= scale
        h *= scale
        let x = handle.movesLeft ? anchorX - w : handle.movesRight ? anchorX : anchorX - w / 2
        let y = handle.movesTop ? anchorY - h : handle.movesBottom ? anchorY : anchorY - h / 2
        rect = Rect(x: x, y: y, width: w, height: h)
    }

    /// The crop in whole pixels, inside the picture.
    var pixels: (x: Int, y: Int, width: Int, height: Int) {
        let x = Int(rect.x.rounded()), y = Int(rect.y.rounded())
        let right = min(Int(width.rounded()), Int(rect.right.rounded())), bottom = min(Int(height.rounded()), Int(rect.bottom.rounded()))
        return (x, y, max(1, right - x), max(1, bottom - y))
    }

    /// True while it keeps the whole picture (Save Copy would only copy it).
    var isWhole: Bool { pixels == (0, 0, Int(width.rounded()), Int(height.rounded())) }
}
