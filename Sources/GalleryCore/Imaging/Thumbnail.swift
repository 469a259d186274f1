import Foundation
import GObjectSupport

/// A thumbnail decoded from an original: the square a grid tile shows, and the wider picture
/// (with the original's size) its cache file keeps (`ThumbnailPNG.encode`).
public struct Thumbnail: Sendable {
    public let image: ThumbnailImage
    /// The picture at thumbnail scale, up to `ThumbnailPNG.maxAspect`.
    let kept: ObjectReference
    public let originalSize: PixelSize

    init(image: ThumbnailImage, kept: ObjectReference, originalSize: PixelSize) {
        self.image = image
        self.kept = kept
        self.originalSize = originalSize
    }
}
