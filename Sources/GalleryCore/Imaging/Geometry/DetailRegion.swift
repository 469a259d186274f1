/// The part of a page a zoom shows, and how finely: what its full detail must cover.
///
/// In source pixels of the upright image (EXIF orientation applied), like the zoom model's
/// image coordinates, so the canvas and the decoder agree without knowing of each other.
public struct DetailRegion: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Device pixels per source pixel on screen: 1 at 100 % on a scale-1 display.
    public var devicePixelsPerSourcePixel: Double

    public init(x: Double, y: Double, width: Double, height: Double, devicePixelsPerSourcePixel: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.devicePixelsPerSourcePixel = devicePixelsPerSourcePixel
    }

    /// The whole image at full resolution.
    public static func whole(_ size: PixelSize) -> DetailRegion {
        DetailRegion(x: 0, y: 0, width: Double(size.width), height: Double(size.height), devicePixelsPerSourcePixel: 1)
    }

    /// Grown by `fraction` of its size on every side, within the image: decoded with a margin,
    /// a region survives a pan of that much before the next one is needed.
    public func expanded(by fraction: Double, within size: PixelSize) -> DetailRegion {
        let left = max(0, x - width * fraction), top = max(0, y - height * fraction)
        let right = min(Double(size.width), x + width * (1 + fraction))
        let bottom = min(Double(size.height), y + height * (1 + fraction))
        return DetailRegion(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top),
                            devicePixelsPerSourcePixel: devicePixelsPerSourcePixel)
    }

    /// True when pixels decoded for this region serve `other` too: they hold all of it, as finely.
    public func contains(_ other: DetailRegion) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
            && scaleEighths >= other.scaleEighths
    }

    /// The JPEG decoding scale, in eighths (libjpeg scales by n/8 while decoding), that is at least
    /// as fine as the screen: 8 (full resolution) from 100 % up.
    public var scaleEighths: Int {
        let fine = min(1, max(0, devicePixelsPerSourcePixel))
        return min(8, max(1, Int((fine * 8 - 1e-6).rounded(.up))))
    }
}
