/// How much an animation is: its frames, as its container counts them, and the canvas each is
/// composed on. Opening a picture reads it (`PictureFacts.animation`), so a page asks for the
/// frames in its first and only request, let in with the pixels they bring and no more
/// (`ImageRepository.original(for:)`), instead of a still and then the frames.
public struct AnimationExtent: Sendable, Equatable {
    public let frameCount: Int
    public let canvas: PixelSize

    /// Nil for a count that is no animation the app plays (fewer than two frames, more than
    /// `AnimationFrames.maxFrameCount`) or an empty canvas.
    public init?(frameCount: Int, canvas: PixelSize) {
        guard (2...AnimationFrames.maxFrameCount).contains(frameCount), canvas.width > 0, canvas.height > 0,
              canvas.width <= PixelSize.maxSide, canvas.height <= PixelSize.maxSide else { return nil }
        self.frameCount = frameCount
        self.canvas = canvas
    }

    /// The bytes of every frame as RGBA at the canvas size; nil past `Int` (it cannot be: the
    /// count is at most 1,000 and each side at most 2²⁴, but the product is checked anyway).
    public var frameBytes: Int? {
        let (pixels, overflow) = canvas.pixels.multipliedReportingOverflow(by: frameCount)
        let (bytes, overflowBytes) = pixels.multipliedReportingOverflow(by: 4)
        return overflow || overflowBytes ? nil : bytes
    }

    /// Whether the frames fit `maxBytes`: an animation that does not is shown as its still.
    public func plays(within maxBytes: Int) -> Bool {
        frameBytes.map { $0 <= maxBytes } ?? false
    }
}
