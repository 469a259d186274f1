import CGtk
import Foundation
import GalleryCore
@testable import GalleryUI
import Synchronization

/// A `ThumbnailSource` the test answers by hand: every request waits until the test completes
/// it, so the planner's decisions can be checked one step at a time, without a server.
final class FakeThumbnailSource: ThumbnailSource {
    struct Request: Equatable {
        let url: URL
        let priority: LoadPriority
    }

    private struct State {
        var cached: [URL: DecodedImage] = [:]
        var requests: [Request] = []
        var waiting: [URL: CheckedContinuation<DecodedImage, any Error>] = [:]
        var cancelled: [URL] = []
        var forgotten: [URL] = []
    }

    private let state = Mutex(State())

    var requests: [Request] { state.withLock { $0.requests } }
    var cancelled: [URL] { state.withLock { $0.cancelled } }
    var forgotten: [URL] { state.withLock { $0.forgotten } }
    func isWaiting(_ url: URL) -> Bool { state.withLock { $0.waiting[url] != nil } }
    func cache(_ url: URL) { state.withLock { $0.cached[url] = Self.image() } }

    /// Answers the request waiting for `url`.
    func complete(_ url: URL, with result: Result<DecodedImage, ImageLoadError>) {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: url) }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    func cachedThumbnail(for url: URL) -> DecodedImage? { state.withLock { $0.cached[url] } }

    func thumbnail(for url: URL, priority: LoadPriority) async throws -> DecodedImage {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { state in
                    state.requests.append(Request(url: url, priority: priority))
                    state.waiting[url] = continuation
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled.append(url)
                return state.waiting.removeValue(forKey: url)
            }
            continuation?.resume(throwing: ImageLoadError.cancelled)
        }
    }

    func forgetFailure(for url: URL) async { state.withLock { $0.forgotten.append(url) } }

    /// A 1×1 texture: made without a display.
    static func image() -> DecodedImage {
        let pixel: [UInt8] = [0x33, 0x66, 0x99, 0xFF]
        let bytes = pixel.withUnsafeBytes { g_bytes_new($0.baseAddress, 4) }
        let texture = gdk_memory_texture_new(1, 1, GDK_MEMORY_R8G8B8A8, bytes, 4)!
        g_bytes_unref(bytes)
        return DecodedImage(texture: TextureHandle(taking: texture), sourceWidth: 1, sourceHeight: 1)
    }
}
