/// The part of a picture a person kept, in pixels of the picture as shown: upright and turned
/// as they turned it (`PictureTurn`), so the crop is of what they saw.
public struct CropArea: Equatable, Sendable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    /// Nil unless the area has pixels and lies within the largest picture there is.
    public init?(x: Int, y: Int, width: Int, height: Int) {
        guard x >= 0, y >= 0, width > 0, height > 0, x <= PixelSize.maxSide - width, y <= PixelSize.maxSide - height else { return nil }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// As a worker's request carries it (`DecodeRequest.region`), and back.
    var region: DetailRegion {
        DetailRegion(x: Double(x), y: Double(y), width: Double(width), height: Double(height), devicePixelsPerSourcePixel: 1)
    }

    init?(region: DetailRegion) {
        let values = [region.x, region.y, region.width, region.height]
        guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Double(PixelSize.maxSide) && $0 == $0.rounded() }) else { return nil }
        self.init(x: Int(region.x), y: Int(region.y), width: Int(region.width), height: Int(region.height))
    }

    /// The part of it inside a picture of `size`; nil when none is.
    func within(_ size: PixelSize) -> CropArea? {
        let right = min(x + width, size.width), bottom = min(y + height, size.height)
        return CropArea(x: x, y: y, width: right - x, height: bottom - y)
    }
}
