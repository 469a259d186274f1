import Foundation

/// A links file read as its entries by the loader (`PictureLoader.links`: in a sandboxed worker
/// in the app), once a worker's turn comes (`DecodeThreads`).
enum LinksReading {
    /// At the priority of a list a person waits for; nil when the reader failed, and when the
    /// task was cancelled — waiting, or while the worker reads (the worker is stopped then: a
    /// list nobody wants any more holds no thread and no worker).
    static func readInTurn(_ data: Data, pool: DecodeWorkerPool = .shared) async -> LinksRead? {
        let cancellation = DecodeCancellation(priority: .interactive)
        let loader = DecoderIsolation.loader(pool: pool)
        return await withTaskCancellationHandler {
            (try? await DecodeThreads.run(priority: SharedPriority(.interactive), mostPixels: 0) {
                loader.links(data, cancellation: cancellation)
            }) ?? nil
        } onCancel: {
            cancellation.cancel()
        }
    }
}
