import Foundation
import GalleryCore

/// Where the grid's thumbnails come from: the app's `ImageRepository`, a fake in tests.
protocol ThumbnailSource: Sendable {
    /// A thumbnail already in memory, without waiting.
    func cachedThumbnail(for url: URL) -> DecodedImage?
    func thumbnail(for url: URL, priority: LoadPriority) async throws -> DecodedImage
    /// Forgets a remembered failure or verdict, so the next request asks the server again.
    func forgetFailure(for url: URL) async
}

extension ImageRepository: ThumbnailSource {}
