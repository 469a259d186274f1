import CShims
import Foundation

/// A cache file written piece by piece as its bytes arrive (an original streamed from the
/// network), invisible under any key until `DiskStore.commit` seals and renames it.
///
/// A camera photo is 9–20 MB: held in memory while it downloads, six at a time, and until it was
/// written, the grid's originals were 159 MiB of its peak. Written as they arrive, they are a few
/// kilobytes of curl's buffer each. The file starts with room for the seal (`SealedCacheFile`),
/// written last from the CRC-32 kept along the way. `write` is called on the network thread:
/// a `write(2)` into the page cache, no fsync (that is `commit`'s, on a disk queue).
public final class PendingCacheWrite: ReadableBodySink, @unchecked Sendable { // state under `lock`
    private let file: UnnamedCacheFile
    /// The store whose capacity the bytes count against while they arrive.
    private let store: DiskStore
    private let lock = NSLock()
    /// The file's descriptor until it is committed or discarded, then -1.
    private var fd: Int32
    private var checksum = shim_crc32(nil, 0)
    private var payloadBytes = 0
    /// The first failed write's errno: every later write is refused.
    private var failure: Int32?

    init(file: UnnamedCacheFile, store: DiskStore) {
        self.file = file
        self.store = store
        fd = file.fd
    }

    deinit { discard() }

    /// Appends `bytes` to the payload; false once a write failed (disk full, I/O error).
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lock.withLock {
            guard fd >= 0, failure == nil else { return false }
            // Counted before written: downloads in flight and the cache stay within its capacity.
            guard store.growInFlight(by: bytes.count) else {
                failure = ENOSPC
                return false
            }
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? errno : EIO
                    payloadBytes += bytes.count // counted in flight: given back with the rest
                    return false
                }
                offset += count
            }
            checksum = shim_crc32_update(checksum, bytes.baseAddress, bytes.count)
            payloadBytes += bytes.count
            return true
        }
    }

    /// Payload bytes written so far.
    public var writtenBytes: Int { lock.withLock { payloadBytes } }

    /// Reads the payload back from the file being written (the page cache, in practice), under
    /// the lock writes take, so a read never sees half a write.
    public func bytesWritten(maxBytes: Int) -> Data? {
        lock.withLock { () -> Data? in
            guard fd >= 0, failure == nil else { return nil }
            let count = min(maxBytes, payloadBytes)
            var data = Data(count: count)
            let complete = data.withUnsafeMutableBytes { buffer -> Bool in
                var done = 0
                while done < count {
                    let read = pread(fd, buffer.baseAddress! + done, count - done, off_t(SealedCacheFile.overhead + done))
                    if read < 0, errno == EINTR { continue }
                    guard read > 0 else { return false }
                    done += read
                }
                return true
            }
            return complete ? data : nil
        }
    }

    /// Hands the open file over to `DiskStore.commit`, once: the file, its seal and size. Its
    /// bytes stop counting as in flight (the commit counts them as stored).
    func takeForCommit() -> Result<(file: UnnamedCacheFile, header: Data, payloadBytes: Int), DiskStoreError> {
        lock.withLock {
            guard fd >= 0 else { return .failure(.ioFailure(path: file.directory, reason: "already committed or discarded")) }
            if let failure { return .failure(DiskStoreError.from(errno: failure, path: file.directory)) }
            defer {
                fd = -1
                store.shrinkInFlight(by: payloadBytes)
            }
            return .success((file, SealedCacheFile.header(crc32: checksum), payloadBytes))
        }
    }

    /// Drops the unfinished file (a failed or abandoned download). Nothing once committed.
    public func discard() {
        let (open, counted) = lock.withLock { () -> (Bool, Int) in
            defer { fd = -1 }
            return (fd >= 0, payloadBytes)
        }
        guard open else { return }
        store.shrinkInFlight(by: counted)
        file.discard()
    }
}
