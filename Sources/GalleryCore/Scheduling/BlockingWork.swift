import Dispatch

/// Runs blocking work (file I/O) on a dispatch queue instead of Swift's cooperative pool, which
/// has only as many threads as cores and must never block. Decodes, metadata and links files
/// go to the sandboxed workers through `DecodeThreads` instead, which lets them in by priority.
public enum BlockingWork {
    public static let disk = DispatchQueue(label: "link-gallery.disk", qos: .userInitiated, attributes: .concurrent)
    /// Thumbnails from the disk cache, one at a time (0.2 ms each): a start from the cache reads
    /// the first screen's while GTK realizes the window, and one core is enough for them, so
    /// the other stays with the main thread. Two threads made the window's first frame later.
    static let thumbnailReads = DispatchQueue(label: "link-gallery.thumbnail-reads", qos: .userInitiated)

    public static func run<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        if Task.isCancelled { throw LoadError.cancelled } // the core's one word for it
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
