import Foundation
import GObjectSupport

/// A thumbnail decoded from an original: the square a grid tile shows (with the original's size,
/// `image.sourceSize`), and the wider picture its cache file keeps (`ThumbnailPNG.encode`).
public struct Thumbnail: Sendable {
    public let image: ThumbnailImage
    /// The picture at thumbnail scale, up to `ThumbnailPNG.maxAspect`.
    let kept: ObjectReference

    init(image: ThumbnailImage, kept: ObjectReference) {
        self.image = image
        self.kept = kept
    }
}
