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
        /// The priority it was asked at.
        let priority: LoadPriority
        /// The size asked for; nil for the usual one.
        var side: Int? = nil
    }

    /// One request still waiting for its answer; `id` tells it apart from a later request for
    /// the same URL, so a late cancel of the old one never answers the new one.
    private struct Waiting {
        let id: Int
        let continuation: CheckedContinuation<ThumbnailImage, any Error>
    }

    private struct State {
        var cached: [URL: ThumbnailImage] = [:]
        var requests: [Request] = []
        var nextID = 0
        var waiting: [URL: Waiting] = [:]
        var cancelled: [URL] = []
        var forgotten: [URL] = []
        var failed: [URL: FailureReport] = [:]
        /// The priority of the newest request for each URL, as the planner keeps it now.
        var livePriorities: [URL: SharedPriority] = [:]
    }

    private let state = Mutex(State())

    var requests: [Request] { state.withLock { $0.requests } }
    var cancelled: [URL] { state.withLock { $0.cancelled } }
    var forgotten: [URL] { state.withLock { $0.forgotten } }
    func isWaiting(_ url: URL) -> Bool { state.withLock { $0.waiting[url] != nil } }
    func cache(_ url: URL) { state.withLock { $0.cached[url] = Self.image() } }
    /// Where the newest request for `url` waits in line now.
    func currentPriority(of url: URL) -> LoadPriority? { state.withLock { $0.livePriorities[url]?.current } }

    /// Answers the request waiting for `url`.
    func complete(_ url: URL, with result: Result<ThumbnailImage, LoadError>) {
        let waiting = state.withLock { state in
            if case .failure(let error) = result { state.failed[url] = FailureReport(asked: url, error: error) }
            return state.waiting.removeValue(forKey: url)
        }
        waiting?.continuation.resume(with: result.mapError { $0 as any Error })
    }

    func cachedThumbnail(for url: URL, side: Int?) -> ThumbnailImage? { state.withLock { side == nil ? $0.cached[url] : nil } }

    func thumbnail(for url: URL, side: Int?, priority: SharedPriority) async throws -> ThumbnailImage {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // The cancelled flag is set before the cancel handler runs, and both look under
                // the lock: a task cancelled before it got here is answered at once, because
                // its handler found nothing to answer.
                let (cancelled, replaced) = state.withLock { state in
                    state.requests.append(Request(url: url, priority: priority.current, side: side))
                    state.livePriorities[url] = priority
                    if Task.isCancelled { return (true, nil as Waiting?) }
                    let replaced = state.waiting.updateValue(Waiting(id: id, continuation: continuation), forKey: url)
                    return (false, replaced)
                }
                // Only the newest request for a URL can be completed by the test; the one it
                // replaced must still end.
                replaced?.continuation.resume(throwing: LoadError.cancelled)
                if cancelled { continuation.resume(throwing: LoadError.cancelled) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> Waiting? in
                state.cancelled.append(url)
                guard state.waiting[url]?.id == id else { return nil }
                return state.waiting.removeValue(forKey: url)
            }
            waiting?.continuation.resume(throwing: LoadError.cancelled)
        }
    }

    func forgetFailure(for url: URL) async { state.withLock { $0.forgotten.append(url) } }

    /// The failure the test answered last for `url`, as the repository reports one.
    func failureReport(for url: URL) -> FailureReport? { state.withLock { $0.failed[url] } }

    /// A 1×1 texture: made without a display.
    static func image() -> ThumbnailImage {
        let pixel: [UInt8] = [0x33, 0x66, 0x99, 0xFF]
        let bytes = pixel.withUnsafeBytes { g_bytes_new($0.baseAddress, 4) }
        let texture = gdk_memory_texture_new(1, 1, GDK_MEMORY_R8G8B8A8, bytes, 4)!
        g_bytes_unref(bytes)
        return ThumbnailImage(texture: TextureHandle(taking: texture), sourceSize: PixelSize(width: 1, height: 1))
    }
}
