import GObjectSupport
import GalleryCore

/// Plays a decoded animation by handing its frames, one after another, to `show`, each after
/// its own delay. A one-shot GLib timeout per frame (not a frame-clock tick): GIF delays are
/// 20 ms and longer, and nothing runs between frames.
///
/// An animation longer than the frames the app holds at once comes in spans (`AnimationSpans`):
/// while one plays, the next is decoded; should it come late, the last frame stays until it is
/// there, and should it not come at all, the span playing plays again.
@MainActor
final class ViewerAnimationPlayer {
    private var span: DecodedAnimation
    private let spans: AnimationSpans?
    private let show: @MainActor (TextureHandle) -> Void
    /// The frame shown, within `span`.
    private(set) var frameIndex = 0
    private var loopsPlayed = 0
    private let timeout = MainLoopSource()
    private var fetch: Task<Void, Never>?
    /// The span after `span`, once decoded.
    private var nextSpan: DecodedAnimation?
    /// The span after `span` could not be had.
    private var nextSpanFailed = false
    /// `span` has played out and waits for the next.
    private var waitsForSpan = false

    init(_ animation: DecodedAnimation, spans: AnimationSpans?, show: @escaping @MainActor (TextureHandle) -> Void) {
        span = animation
        self.spans = spans
        self.show = show
    }

    var isPlaying: Bool { timeout.isPending || waitsForSpan }

    /// Starts from the span's first frame (which the caller already shows).
    func start() {
        stop()
        frameIndex = 0
        loopsPlayed = 0
        scheduleNext()
        fetchNextSpan()
    }

    func stop() {
        timeout.cancel()
        fetch?.cancel()
        fetch = nil
        nextSpan = nil
        nextSpanFailed = false
        waitsForSpan = false
    }

    private func scheduleNext() {
        let delay = UInt32(clamping: max(span.frames[frameIndex].milliseconds, 10))
        timeout.after(milliseconds: delay) { [weak self] in self?.advance() }
    }

    private func advance() {
        guard frameIndex + 1 == span.frames.count else { return showFrame(frameIndex + 1) }
        if span.reachesEnd {
            loopsPlayed += 1
            // An animation that plays a limited number of times rests on its last frame.
            if span.loopCount != 0, loopsPlayed >= span.loopCount { return }
        }
        moveOn()
    }

    /// After the span's last frame: its first again, or the next span's once it is there.
    private func moveOn() {
        if span.isWhole || nextSpanFailed { return showFrame(0) }
        guard let next = nextSpan else {
            waitsForSpan = true
            return
        }
        span = next
        nextSpan = nil
        showFrame(0)
        fetchNextSpan()
    }

    private func showFrame(_ index: Int) {
        frameIndex = index
        show(span.frames[index].texture)
        scheduleNext()
    }

    /// Asks for the span after the one playing, unless it holds every frame.
    private func fetchNextSpan() {
        guard let spans, !span.isWhole else { return }
        let from = span.nextFrame
        fetch = Task { [weak self] in
            let next = await spans.frames(from: from)
            guard !Task.isCancelled else { return }
            self?.arrived(next)
        }
    }

    private func arrived(_ next: DecodedAnimation?) {
        fetch = nil
        if let next { nextSpan = next } else { nextSpanFailed = true }
        guard waitsForSpan else { return }
        waitsForSpan = false
        moveOn()
    }
}
