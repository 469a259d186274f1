/// A grid tile's picture: the middle square of an original at thumbnail scale, and the size of
/// the original it was made from. Viewer pages are `DecodedImage`s, which also say whether they
/// were fitted to the screen, shown reduced or move; a thumbnail is none of these.
public struct ThumbnailImage: Sendable {
    public let texture: TextureHandle
    /// The original's size (upright), as its file declares it.
    public let sourceSize: PixelSize
    /// How the whole picture looks, to find its copies behind other links; nil for a thumbnail
    /// file written before looks were kept.
    public let look: LookHash?

    public init(texture: TextureHandle, sourceSize: PixelSize, look: LookHash? = nil) {
        self.texture = texture
        self.sourceSize = sourceSize
        self.look = look
    }
}
