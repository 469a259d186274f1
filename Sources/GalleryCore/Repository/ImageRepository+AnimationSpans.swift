import Foundation

/// The later spans of an animation longer than the frames the app holds at once: each decoded
/// from the original the viewer holds open (the worker that holds it gets only the request),
/// at the page's priority.
extension ImageRepository {
    /// The spans of `extent`'s frames after the first, of the original at `url`.
    func spans(of url: URL, _ extent: AnimationExtent, priority: SharedPriority) -> AnimationSpans {
        AnimationSpans { [weak self] firstFrame in
            await self?.animationFrames(of: url, from: firstFrame, extent: extent, priority: priority)
        }
    }

    /// The span from `firstFrame`; nil when it could not be had (its failure is not the
    /// page's: the page shows, and its animation stays on the frame it reached).
    private func animationFrames(of url: URL, from firstFrame: Int, extent: AnimationExtent,
                                 priority: SharedPriority) async -> DecodedAnimation? {
        guard let (bytes, _) = try? await openedOriginal(for: url, priority: priority) else { return nil }
        let maxPixels = configuration.maxPixels, maxAnimationBytes = configuration.maxAnimationBytes
        let mostPixels = ImageDecoder.mostPixels(ofAnimation: extent, maxPixels: maxPixels, maxAnimationBytes: maxAnimationBytes)
        return try? await decodeCancellably(priority: priority, mostPixels: mostPixels) {
            try ImageDecoder.animationFrames(of: bytes, from: firstFrame, extent: extent, maxPixels: maxPixels,
                                             maxAnimationBytes: maxAnimationBytes)
        }
    }
}
