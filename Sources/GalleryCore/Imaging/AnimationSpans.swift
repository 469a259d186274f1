/// The spans after the first of an animation longer than the frames the app holds at once
/// (`AnimationExtent.spanBytes`): each is asked for by the index of its first frame, from the
/// picture the worker holds open, while the span before it plays (`ViewerAnimationPlayer`), so
/// at most two spans are held. An animated GIF of a thousand large frames plays as a browser
/// plays it instead of standing still.
public final class AnimationSpans: Sendable {
    private let load: @Sendable (_ firstFrame: Int) async -> DecodedAnimation?

    /// `load`: the frames from an index, or nil when they could not be had (the page was left,
    /// the decode failed): the player then plays again the span it has.
    public init(load: @escaping @Sendable (_ firstFrame: Int) async -> DecodedAnimation?) {
        self.load = load
    }

    /// The span that starts at `firstFrame`.
    public func frames(from firstFrame: Int) async -> DecodedAnimation? { await load(firstFrame) }
}
