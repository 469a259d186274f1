@testable import GalleryCore

/// Runs `body` with pictures decoded in this process instead of a sandboxed worker, so a test
/// can measure what the decoders themselves allocate (`PeakMemory` reads this process): the
/// steps are the `PicturePipeline` steps a worker runs. In the app, a worker's memory is its
/// own, bounded by its address-space limit.
enum DecodingHere {
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        DecoderIsolation.current = .inProcess
        defer { DecoderIsolation.current = .sandboxed }
        return try body()
    }
}
