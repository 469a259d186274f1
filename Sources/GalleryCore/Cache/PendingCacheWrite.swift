import CShims
import Foundation
import Synchronization

/// A cache file written piece by piece as its bytes arrive (an original streamed from the
/// network), invisible under any key until `DiskStore.commit` seals and renames it.
///
/// A camera photo is 9–20 MB: held in memory while it downloads, six at a time, and until it was
/// written, the grid's originals were 159 MiB of its peak. Written as they arrive, they are a few
/// kilobytes of curl's buffer each. The file starts with room for the seal (`SealedCacheFile`),
/// written last from the CRC-32 kept along the way. `write` is called on the network thread:
/// a `write(2)` into the page cache, no fsync (that is `commit`'s, on a disk queue).
public final class PendingCacheWrite: ReadableBodySink, Sendable {
    private struct Writing {
        /// The file's descriptor until it is committed or discarded, then -1.
        var fd: Int32
        var checksum = shim_crc32(nil, 0)
        var payloadBytes = 0
        /// The first failed write's errno: every later write is refused.
        var failure: Int32?
    }

    private let file: UnnamedCacheFile
    /// The store whose capacity the bytes count against while they arrive.
    private let store: DiskStore
    private let writing: Mutex<Writing>

    init(file: UnnamedCacheFile, store: DiskStore) {
        self.file = file
        self.store = store
        writing = Mutex(Writing(fd: file.fd))
    }

    deinit { discard() }

    /// Appends `bytes` to the payload; false once a write failed (disk full, I/O error).
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        writing.withLock { writing in
            guard writing.fd >= 0, writing.failure == nil else { return false }
            // Counted before written: downloads in flight and the cache stay within its capacity.
            guard store.growInFlight(by: bytes.count) else {
                writing.failure = ENOSPC
                return false
            }
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(writing.fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    writing.failure = count < 0 ? errno : EIO
                    writing.payloadBytes += bytes.count // counted in flight: given back with the rest
                    return false
                }
                offset += count
            }
            writing.checksum = shim_crc32_update(writing.checksum, bytes.baseAddress, bytes.count)
            writing.payloadBytes += bytes.count
            return true
        }
    }

    /// Drops the payload written so far (a download that starts over): the file is cut back to
    /// the room for its seal, and its bytes stop counting as in flight.
    public func restart() -> Bool {
        writing.withLock { writing in
            guard writing.fd >= 0, writing.failure == nil else { return false }
            let start = off_t(SealedCacheFile.overhead)
            guard ftruncate(writing.fd, start) == 0, lseek(writing.fd, start, SEEK_SET) == start else {
                writing.failure = errno
                return false
            }
            store.shrinkInFlight(by: writing.payloadBytes)
            writing.payloadBytes = 0
            writing.checksum = shim_crc32(nil, 0)
            return true
        }
    }

    /// Payload bytes written so far.
    public var writtenBytes: Int { writing.withLock { $0.payloadBytes } }

    /// Reads the payload back from the file being written (the page cache, in practice), under
    /// the lock writes take, so a read never sees half a write.
    public func bytesWritten(maxBytes: Int) -> Data? {
        writing.withLock { writing -> Data? in
            guard writing.fd >= 0, writing.failure == nil else { return nil }
            return CacheFileIO.read(writing.fd, count: min(maxBytes, writing.payloadBytes), at: SealedCacheFile.overhead)
        }
    }

    /// The payload so far as a read-only descriptor of the file being written (`ArrivedFile`),
    /// taken under the lock writes take, so every byte it counts is written.
    public func arrivedFile(maxBytes: Int) -> ArrivedFile? {
        writing.withLock { writing -> ArrivedFile? in
            guard writing.fd >= 0, writing.failure == nil else { return nil }
            return ArrivedFile(reopening: writing.fd, offset: SealedCacheFile.overhead, length: min(maxBytes, writing.payloadBytes))
        }
    }

    /// Hands the open file over to `DiskStore.commit`, once: the file, its seal and size. Its
    /// bytes stop counting as in flight (the commit counts them as stored).
    func takeForCommit() -> Result<(file: UnnamedCacheFile, header: Data, payloadBytes: Int), DiskStoreError> {
        writing.withLock { writing in
            guard writing.fd >= 0 else { return .failure(.ioFailure(path: file.directory, reason: "already committed or discarded")) }
            if let failure = writing.failure { return .failure(DiskStoreError.from(errno: failure, path: file.directory)) }
            writing.fd = -1
            store.shrinkInFlight(by: writing.payloadBytes)
            return .success((file, SealedCacheFile.header(crc32: writing.checksum), writing.payloadBytes))
        }
    }

    /// Drops the unfinished file (a failed or abandoned download). Nothing once committed.
    public func discard() {
        let (open, counted) = writing.withLock { writing -> (Bool, Int) in
            defer { writing.fd = -1 }
            return (writing.fd >= 0, writing.payloadBytes)
        }
        guard open else { return }
        store.shrinkInFlight(by: counted)
        file.discard()
    }
}
