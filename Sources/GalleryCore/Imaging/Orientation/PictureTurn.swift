/// How a person turned a picture in the viewer: quarter turns clockwise, then a mirror about
/// the upright picture's vertical axis. The pixels stay as decoded (and the original as
/// downloaded); the turn is how they are drawn and what Copy Image and the properties see.
public struct PictureTurn: Equatable, Hashable, Sendable {
    /// 0…3 quarter turns clockwise.
    public let quarterTurns: Int
    public let mirrored: Bool

    public static let none = PictureTurn(quarterTurns: 0, mirrored: false)

    public init(quarterTurns: Int, mirrored: Bool) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.mirrored = mirrored
    }

    public var isNone: Bool { self == .none }

    /// Rotate Right, as seen: a quarter turn clockwise of the picture on screen.
    public var rotatedRight: PictureTurn {
        // Mirrored, the picture's own clockwise is the screen's counter-clockwise.
        PictureTurn(quarterTurns: quarterTurns + (mirrored ? -1 : 1), mirrored: mirrored)
    }

    public var rotatedLeft: PictureTurn {
        PictureTurn(quarterTurns: quarterTurns + (mirrored ? 1 : -1), mirrored: mirrored)
    }

    /// Flip Horizontally, as seen: left and right of the picture on screen swap.
    public var flipped: PictureTurn { PictureTurn(quarterTurns: quarterTurns, mirrored: !mirrored) }

    /// Whether the sides swap: a quarter or three quarters of a turn.
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// The size of a picture of `width` × `height` once turned.
    public func turned(width: Double, height: Double) -> (width: Double, height: Double) {
        swapsSides ? (height, width) : (width, height)
    }

    /// Where the point (`x`, `y`) of a picture of `width` × `height` lands once turned.
    public func turn(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        var point: (x: Double, y: Double)
        switch quarterTurns {
        case 1: point = (height - y, x)
        case 2: point = (width - x, height - y)
        case 3: point = (y, width - x)
        default: point = (x, y)
        }
        if mirrored { point.x = turned(width: width, height: height).width - point.x }
        return point
    }

    /// The point of the picture (`width` × `height`, as stored) that lands on (`x`, `y`) of the
    /// turned picture.
    public func unturn(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        let size = turned(width: width, height: height)
        let unmirrored = mirrored ? size.width - x : x
        switch quarterTurns {
        case 1: return (y, height - unmirrored)
        case 2: return (width - unmirrored, height - y)
        case 3: return (width - y, unmirrored)
        default: return (unmirrored, y)
        }
    }
}
