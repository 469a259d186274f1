/// An image decoded for display, with what a person may need to know about how it was made.
public struct DecodedImage: Sendable {
    public let texture: TextureHandle
    /// The size the source file declares, before any downscaling.
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// All frames when the image moves (animated GIF); `texture` is then its first frame.
    public let animation: DecodedAnimation?

    public init(texture: TextureHandle, sourceWidth: Int, sourceHeight: Int, animation: DecodedAnimation? = nil) {
        self.texture = texture
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.animation = animation
    }

    /// True when the texture is smaller than the source (thumbnails, or originals over the
    /// pixel limit shown downscaled).
    public var wasDownscaled: Bool {
        texture.pixelWidth < sourceWidth || texture.pixelHeight < sourceHeight
    }
}
