import Dispatch

/// Runs blocking work (file I/O, image decoding) on a dispatch queue instead of Swift's
/// cooperative pool, which has only as many threads as cores and must never block.
public enum BlockingWork {
    public static let disk = DispatchQueue(label: "link-gallery.disk", qos: .userInitiated, attributes: .concurrent)
    static let decode = DispatchQueue(label: "link-gallery.decode", qos: .userInitiated, attributes: .concurrent)
    /// Decodes nobody looks at yet (the viewer's neighbours), one at a time and below the rest:
    /// a page turned to, decoded on `decode`, gets the cores instead of sharing them with four
    /// prefetches. A prefetch the person then turns to is asked for again at interactive
    /// priority; the queued one is skipped when its caller leaves.
    static let prefetchDecode = DispatchQueue(label: "link-gallery.prefetch-decode", qos: .utility)
    /// Thumbnails from the disk cache, one at a time (0.2 ms each): a start from the cache reads
    /// the first screen's while GTK realizes the window, and one core is enough for them, so
    /// the other stays with the main thread. Two threads made the window's first frame later.
    static let thumbnailReads = DispatchQueue(label: "link-gallery.thumbnail-reads", qos: .userInitiated)

    static func run<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    public static func run<T: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
