import Foundation
import Synchronization

/// The body of an original the disk cache could not take (a full or failing disk, a cache too
/// small for it), kept in memory while it arrives, its bytes counted against the originals'
/// capacity as a file being written is: however many downloads fall back to memory at once,
/// together they hold no more than the cache would on disk.
final class InMemoryCacheBody: ReadableBodySink, Sendable {
    private struct Body {
        var data = Data()
        /// Bytes counted against the store's capacity as arriving.
        var counted = 0
    }

    private let store: DiskStore
    private let body = Mutex(Body())

    init(store: DiskStore) { self.store = store }

    deinit { store.shrinkInFlight(by: body.withLock { $0.counted }) }

    /// False when the downloads arriving now would pass the capacity: the transfer ends.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        body.withLock { body in
            guard store.growInFlight(by: bytes.count) else { return false }
            body.counted += bytes.count
            body.data.append(contentsOf: bytes)
            return true
        }
    }

    /// Drops the body so far: the download starts over.
    func restart() -> Bool {
        body.withLock { body in
            store.shrinkInFlight(by: body.counted)
            body = Body()
        }
        return true
    }

    func bytesWritten(maxBytes: Int) -> Data? {
        body.withLock { $0.data.prefix(maxBytes) }
    }

    var writtenBytes: Int { body.withLock { $0.data.count } }

    /// The whole body, once the transfer ended; it stops counting as arriving.
    func take() -> Data {
        body.withLock { body in
            store.shrinkInFlight(by: body.counted)
            body.counted = 0
            defer { body.data = Data() }
            return body.data
        }
    }
}
