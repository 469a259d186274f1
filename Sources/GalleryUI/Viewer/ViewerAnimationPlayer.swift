import GObjectSupport
import GalleryCore

/// Plays a decoded animation by handing its frames, one after another, to `show`, each after
/// its own delay. A one-shot GLib timeout per frame (not a frame-clock tick): GIF delays are
/// 20 ms and longer, and nothing runs between frames.
@MainActor
final class ViewerAnimationPlayer {
    private let animation: DecodedAnimation
    private let show: @MainActor (TextureHandle) -> Void
    private(set) var frameIndex = 0
    private var loopsPlayed = 0
    private let timeout = MainLoopSource()

    init(_ animation: DecodedAnimation, show: @escaping @MainActor (TextureHandle) -> Void) {
        self.animation = animation
        self.show = show
    }

    var isPlaying: Bool { timeout.isPending }

    /// Starts from the first frame (which the caller already shows).
    func start() {
        stop()
        frameIndex = 0
        loopsPlayed = 0
        scheduleNext()
    }

    func stop() { timeout.cancel() }

    private func scheduleNext() {
        let delay = UInt32(clamping: max(animation.frames[frameIndex].milliseconds, 10))
        timeout.after(milliseconds: delay) { [weak self] in self?.advance() }
    }

    private func advance() {
        var next = frameIndex + 1
        if next == animation.frames.count {
            loopsPlayed += 1
            // A GIF that plays a limited number of times rests on its last frame.
            if animation.loopCount != 0, loopsPlayed >= animation.loopCount { return }
            next = 0
        }
        frameIndex = next
        show(animation.frames[next].texture)
        scheduleNext()
    }
}
