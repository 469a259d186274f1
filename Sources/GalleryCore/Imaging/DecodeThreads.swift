import Foundation

/// Where a decode runs: ordinary images on the shared decode queue, heavy ones on a thread of
/// their own.
///
/// The decode queue has about one thread per core. A decode that waits for `DecodeBudget`
/// (a second 100-megapixel PNG) or for a child renderer (an SVG, up to 10 s) would hold one of
/// those threads, and the good images' thumbnails would queue behind it: measured with eight
/// such PNGs, 16 good thumbnails took 16–23 s instead of under 1 s. So whatever may wait
/// long — a declared size over the budget's headroom, or an SVG — gets its own thread.
enum DecodeThreads {
    /// Declared pixels above which a decode may wait for the budget: its headroom.
    static var heavyPixels: Int { DecodeBudget.shared.capacityPixels - DecodeBudget.shared.largestRequestPixels }

    /// Reads only the first megabyte (a GIF's frames beyond it are not counted): this runs on
    /// the caller's task, which must not spend long on it.
    static func isHeavy(_ data: Data) -> Bool {
        if ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength)) == .svg { return true }
        guard let size = ImageHeaderSize.declaredSize(of: data.prefix(1 << 20)) else { return false }
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow || pixels > heavyPixels
    }

    /// `queue` is where an ordinary decode runs: `BlockingWork.decode`, or the prefetch queue for
    /// the viewer's neighbours.
    static func run<T: Sendable>(
        decoding data: Data, on queue: DispatchQueue = BlockingWork.decode, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        guard isHeavy(data) else { return try await BlockingWork.run(on: queue, work) }
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = "link-gallery.heavy-decode"
            thread.start()
        }
    }
}
