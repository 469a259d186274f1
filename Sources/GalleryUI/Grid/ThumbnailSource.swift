import Foundation
import GalleryCore

/// Where the grid's thumbnails come from: the app's `ImageRepository`, a fake in tests.
protocol ThumbnailSource: Sendable {
    /// A thumbnail already in memory, without waiting; `side` in pixels, nil for the usual size.
    func cachedThumbnail(for url: URL, side: Int?) -> ThumbnailImage?
    /// The planner keeps `priority` and sets it as the tile comes into view or leaves it.
    func thumbnail(for url: URL, side: Int?, priority: SharedPriority) async throws -> ThumbnailImage
    /// Forgets a remembered failure or verdict, so the next request asks the server again.
    func forgetFailure(for url: URL) async
    /// How far the download of a link's original has come; nil when none is under way.
    func downloadProgress(for url: URL) -> DownloadProgress?
    /// The host a link's download waits for (it asked to be left alone a while); nil otherwise.
    func waitingHost(for url: URL) -> String?
    /// Why the link's picture last failed, for its Details; nil when nothing is known.
    func failureReport(for url: URL) -> FailureReport?
}

extension ThumbnailSource {
    /// Sources that never download (tests' fakes) have nothing to report.
    func downloadProgress(for url: URL) -> DownloadProgress? { nil }
    func waitingHost(for url: URL) -> String? { nil }
}

extension ImageRepository: ThumbnailSource {}
