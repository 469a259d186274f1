/// The frames of an animated image, each fully composited (GIF disposal already applied), with
/// how long it stays on screen. Decoded once on a worker, so playing is only swapping textures.
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

    public init(frames: [Frame], loopCount: Int) {
        self.frames = frames
        self.loopCount = loopCount
    }

    /// Memory held by all frames together.
    public var byteCost: Int { frames.reduce(0) { $0 + $1.texture.byteCost } }
}
