/// An image decoded for display, with what a person may need to know about how it was made.
public struct DecodedImage: Sendable {
    public let texture: TextureHandle
    /// The size the source file declares, before any downscaling.
    public let sourceWidth: Int
    public let sourceHeight: Int

    public init(texture: TextureHandle, sourceWidth: Int, sourceHeight: Int) {
        self.texture = texture
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
    }

    /// True when the texture is smaller than the source (thumbnails, or originals over the
    /// pixel limit shown downscaled).
    public var wasDownscaled: Bool {
        texture.pixelWidth < sourceWidth || texture.pixelHeight < sourceHeight
    }
}
