/// A viewer page's picture, with what a person may need to know about how it was made: fitted
/// to the screen (full detail on demand), shown reduced, or moving. A grid tile's picture is a
/// `ThumbnailImage`.
public struct DecodedImage: Sendable {
    public let texture: TextureHandle
    /// The size the source file declares (upright), before any downscaling.
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// All frames when the image moves, or the first span of them; `texture` is then its
    /// first frame.
    public let animation: DecodedAnimation?
    /// The spans after the first, for an animation that comes in spans.
    public let animationSpans: AnimationSpans?
    /// Decoded at the size the screen shows it; the full resolution is there on demand
    /// (`ImageDecoder.fullDetail`), so nothing is lost.
    public let isScreenSized: Bool

    public init(texture: TextureHandle, sourceWidth: Int, sourceHeight: Int, animation: DecodedAnimation? = nil,
                animationSpans: AnimationSpans? = nil, isScreenSized: Bool = false) {
        self.texture = texture
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.animation = animation
        self.animationSpans = animationSpans
        self.isScreenSized = isScreenSized
    }

    public var sourceSize: PixelSize { PixelSize(width: sourceWidth, height: sourceHeight) }

    /// The same page whose animation's later spans `spans` brings.
    public func playing(in spans: AnimationSpans) -> DecodedImage {
        DecodedImage(texture: texture, sourceWidth: sourceWidth, sourceHeight: sourceHeight, animation: animation,
                     animationSpans: spans, isScreenSized: isScreenSized)
    }

    /// True when the texture is smaller than the source and no more detail will come (an
    /// original over the texture limit, shown downscaled). A screen-sized page is not: zooming
    /// brings its full detail.
    public var wasDownscaled: Bool {
        !isScreenSized && (texture.pixelWidth < sourceWidth || texture.pixelHeight < sourceHeight)
    }
}
