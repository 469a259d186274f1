/// How much an animation is: its frames, as its container counts them, and the canvas each is
/// composed on. Opening a picture reads it (`PictureFacts.animation`), so a page asks for its
/// first frames in its first request, let in with the pixels they bring and no more
/// (`ImageRepository.original(for:)`), instead of a still and then the frames; an animation
/// longer than the frames the app may hold comes in spans of frames by index (`AnimationSpans`).
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

    /// The bytes of one frame as RGBA at the canvas size (both sides at most 2²⁴: no overflow
    /// past 2⁵⁰).
    public var oneFrameBytes: Int { canvas.pixels * 4 }

    /// What one request for frames asks for (`FrameRequest.animationBytes`) when at most
    /// `maxBytes` of frames may be held: every frame, when they all fit; otherwise a span of
    /// whole frames in half of it, so that the span playing and the next, decoded meanwhile,
    /// fit together (`AnimationSpans`). Nil — the animation is its still — when a span would
    /// hold fewer than two frames: each span decodes the animation from its first frame, and
    /// spans of one frame would decode it over and over.
    public func spanBytes(within maxBytes: Int) -> Int? {
        if let all = frameBytes, all <= maxBytes { return all }
        let frames = (maxBytes / 2) / oneFrameBytes
        return frames >= 2 ? frames * oneFrameBytes : nil
    }

    /// Whether the frames play within `maxBytes`, in one span or in turn: one that does not
    /// is shown as its still.
    public func plays(within maxBytes: Int) -> Bool { spanBytes(within: maxBytes) != nil }
}
