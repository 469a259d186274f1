/// Frames of an animated image, each fully composited (GIF disposal already applied), with
/// how long it stays on screen: every frame, or one span of them by index when the whole
/// animation is more than the app holds at once (`AnimationSpans` brings the next). Decoded on
/// a worker, so playing is only swapping textures.
public struct DecodedAnimation: Sendable {
    public struct Frame: Sendable {
        public let texture: TextureHandle
        public let milliseconds: Int

        public init(texture: TextureHandle, milliseconds: Int) {
            self.texture = texture
            self.milliseconds = milliseconds
        }
    }

    public let frames: [Frame]
    /// How many times the whole animation plays; 0 means forever.
    public let loopCount: Int
    /// The index in the animation of `frames[0]`: 0, or where the span before it ended.
    public let firstFrame: Int
    /// The animation's last frame is among these: after them it starts again.
    public let reachesEnd: Bool

    /// Every frame of an animation (`frames` at least two).
    public init(frames: [Frame], loopCount: Int) {
        self.init(frames: frames, loopCount: loopCount, firstFrame: 0, reachesEnd: true)
    }

    /// A span of frames from `firstFrame`.
    public init(frames: [Frame], loopCount: Int, firstFrame: Int, reachesEnd: Bool) {
        self.frames = frames
        self.loopCount = loopCount
        self.firstFrame = firstFrame
        self.reachesEnd = reachesEnd
    }

    /// Every frame is here: nothing more is asked for while it plays.
    public var isWhole: Bool { firstFrame == 0 && reachesEnd }

    /// Where the span after this one starts: after it, or at the start after the last frame.
    public var nextFrame: Int { reachesEnd ? 0 : firstFrame + frames.count }

    /// Memory held by all frames together.
    public var byteCost: Int { frames.reduce(0) { $0 + $1.texture.byteCost } }
}
