import Foundation

/// The body of an original the disk cache could not take (a full or failing disk, a cache too
/// small for it), kept in memory while it arrives, its bytes counted against the originals'
/// capacity as a file being written is: however many downloads fall back to memory at once,
/// together they hold no more than the cache would on disk.
final class InMemoryCacheBody: ReadableBodySink, @unchecked Sendable { // state under `lock`
    private let store: DiskStore
    private let lock = NSLock()
    private var data = Data()
    private var counted = 0

    init(store: DiskStore) { self.store = store }

    deinit { store.shrinkInFlight(by: counted) }

    /// False when the downloads arriving now would pass the capacity: the transfer ends.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lock.withLock {
            guard store.growInFlight(by: bytes.count) else { return false }
            counted += bytes.count
            data.append(contentsOf: bytes)
            return true
        }
    }

    func bytesWritten(maxBytes: Int) -> Data? {
        lock.withLock { data.prefix(maxBytes) }
    }

    var writtenBytes: Int { lock.withLock { data.count } }

    /// The whole body, once the transfer ended; it stops counting as arriving.
    func take() -> Data {
        lock.withLock {
            store.shrinkInFlight(by: counted)
            counted = 0
            defer { data = Data() }
            return data
        }
    }
}
