import Foundation

/// Where a decode runs, once it is let in: a sandboxed worker's turn (`workers`) and, before
/// it, the pixels its reply may bring (`pixels`), both taken by the decode's priority as it is
/// while it waits, holding no thread. Only then does it take a thread, which talks to its
/// worker; so no thread ever waits for a worker or for memory, and a list of 200 SVGs makes no
/// 200 threads.
enum DecodeThreads {
    /// Turns at `DecodeWorkerPool.shared`, one per worker. One is kept for the picture a person
    /// looks at, so opening a GIF or an SVG in the viewer never waits behind a grid full of
    /// them; prefetches (the viewer's neighbours, tiles just off screen) take one at a time, so
    /// a page turned to or a tile on screen gets the other cores.
    static let workers = PriorityGate(.init(capacity: DecodeWorkerPool.sharedSize, keptForInteractive: 1, prefetchLimit: 1))

    /// Decoded pixels the app holds at once, from a reply's arrival until they are freed or
    /// handed over as textures. The per-picture limit (`ImageDecoder.defaultMaxPixels`) stops
    /// one bomb; this stops several large pictures at once (eight 100-megapixel PNGs decoded at
    /// once took 632 MB). One picture at the per-picture limit, plus 16 megapixels (64 MB) in
    /// which thumbnails and pages keep flowing beside it.
    static let pixels = PriorityGate(.init(capacity: ImageDecoder.defaultMaxPixels + 16_000_000))

    /// Prefetches run on threads of their own, below the rest: libdispatch keeps a pool of
    /// threads per quality of service, so a prefetch never takes a thread from a page's decode.
    private static let queue = DispatchQueue(label: "link-gallery.decode", qos: .userInitiated, attributes: .concurrent)
    private static let prefetchQueue = DispatchQueue(label: "link-gallery.decode.prefetch", qos: .utility, attributes: .concurrent)

    /// Runs `work` on a decode thread once `priority` gives it `mostPixels` (what its reply can
    /// bring at most, given back down to what it brings) and a worker's turn. A decode
    /// cancelled while it waits ends at once with `LoadError.cancelled` and never runs.
    static func run<T: Sendable>(
        priority: SharedPriority = SharedPriority(.visible), mostPixels: Int,
        _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        // Pixels first: a turn taken before them would keep a worker idle while they are found.
        let pixelPass = mostPixels > 0 ? try await pixels.enter(cost: mostPixels, priority: priority) : nil
        let turn = try await workers.enter(priority: priority)
        let admission = DecodeAdmission(turn: turn, pixels: pixelPass)
        let thread = priority.current == .prefetch ? prefetchQueue : queue
        return try await withCheckedThrowingContinuation { continuation in
            thread.async {
                let result = Result { try admission.makeCurrent(during: work) }
                admission.end()
                continuation.resume(with: result)
            }
        }
    }
}
