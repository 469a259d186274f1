import CGtk
import Foundation
import Synchronization

/// A folder of cache files named by the SHA-256 of their key, bounded in total size, evicting
/// the least recently accessed files first.
///
/// - Writes are atomic: data goes to a file with no name (`UnnamedCacheFile`: `O_TMPFILE`), is
///   fsynced, then named and renamed over the final name, so a reader (or the next start after a
///   crash) sees the old file, the new file or none — never half a file, and a crash leaves no
///   temporary file. Where the file system needs a name (`.tmp-<random>`), its writer keeps it
///   locked: the first use removes every one that is not locked (its writer is gone) and leaves
///   another running instance's alone.
/// - Every file carries a CRC-32 of its payload (`SealedCacheFile`); a file changed behind
///   our back reads as missing and is removed, so damaged data is fetched again, never shown.
/// - Access order is the file's modification time, set to "now" on every read and write with
///   nanosecond precision (the kernel's own timestamps are only jiffy-precise).
/// - Sizes are what the disk holds: allocated blocks (`st_blocks` × 512), not file lengths, so a
///   12-byte file counts the 4 KiB it takes. The total and the number of files are running
///   estimates (scanned at first use, adjusted on write and remove). When either exceeds its cap
///   the folder is rescanned and trimmed to `lowWaterMark` of both, so a full cache does not
///   rescan on every write.
/// - A store made `sharingIdenticalPayloads` keeps one copy of bytes stored under several keys
///   (`IdenticalPayloads`: hard links, counted once).
///
/// All I/O is synchronous and blocking: call it from a dedicated `DispatchQueue` or thread, never
/// from the main thread or Swift's cooperative pool. Safe to use from several threads at once.
public final class DiskStore: Sendable {
    public let directory: URL
    public let capacityBytes: Int
    /// The most files the store keeps (each is an inode and a directory entry to list and stat).
    public let maxFiles: Int
    public let fileExtension: String
    /// Fraction of the capacity an automatic trim shrinks the folder to.
    public static let lowWaterMark = 0.9
    static let temporaryPrefix = ".tmp-"

    private struct State {
        var estimatedBytes = 0
        var estimatedFiles = 0
        var prepared = false
    }
    private let state = Mutex(State())
    /// Bytes of files being written (`PendingCacheWrite`) not yet committed: they count against
    /// the capacity as they arrive. Atomics, not `state`: the network thread adds to them and
    /// must never wait for a trim holding the lock.
    let inFlight = Atomic<Int>(0)
    /// `estimatedBytes` as last known, for comparing with `inFlight` without the lock.
    let committed = Atomic<Int>(0)
    let trimScheduled = Atomic<Bool>(false)
    private var folder: CacheFolder { CacheFolder(directory: directory, fileExtension: fileExtension) }
    private let identicalPayloads: IdenticalPayloads?

    /// Cheap: touches no file. The folder is created (mode 0700), cleared of leftovers of
    /// interrupted writes and measured on first use, which is on a disk queue, not on the main
    /// thread that makes the store at start-up. Never throws: if the folder is unusable, writes
    /// report why.
    public init(directory: URL, capacityBytes: Int, maxFiles: Int = 100_000, fileExtension: String,
                sharingIdenticalPayloads: Bool = false) {
        self.directory = directory
        self.capacityBytes = max(0, capacityBytes)
        self.maxFiles = max(1, maxFiles)
        self.fileExtension = fileExtension.hasPrefix(".") ? String(fileExtension.dropFirst()) : fileExtension
        identicalPayloads = sharingIdenticalPayloads ? IdenticalPayloads(directory: directory, fileExtension: self.fileExtension) : nil
    }

    /// Runs `body` on the state, preparing the folder first if this is the first use.
    private func withPreparedState<T>(_ body: (inout State) -> T) -> T {
        state.withLock { state in
            if !state.prepared {
                state.prepared = true
                try? FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                folder.removeAbandonedTemporaryFiles()
                let files = folder.cachedFiles()
                state.estimatedBytes = CacheFolder.bytes(of: files)
                state.estimatedFiles = files.count
            }
            defer { committed.store(state.estimatedBytes, ordering: .relaxed) }
            return body(&state)
        }
    }

    func prepare() {
        withPreparedState { _ in }
    }

    /// The file that holds `key` (whether or not it exists).
    public func url(for key: String) -> URL {
        directory.appendingPathComponent(fileName(for: key), isDirectory: false)
    }

    public func contains(key: String) -> Bool {
        prepare()
        var info = stat()
        return stat(url(for: key).path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The stored bytes, or `nil` if absent, unreadable or changed since they were written (then
    /// the file is removed). Marks the file as recently used.
    public func read(key: String) -> Data? {
        withStoredFile(key: key) { fd, length in readPayload(fd, length: length, key: key) }
    }

    private func readPayload(_ fd: Int32, length: Int, key: String) -> Data? {
        guard var payload = CacheFileIO.readAll(fd, expectedSize: length) else { return nil }
        let sealedByEarlierVersion = !SealedCacheFile.isCurrent(payload)
        guard SealedCacheFile.unseal(&payload) else {
            remove(key: key)
            return nil
        }
        CacheFileIO.markAccessed(fd)
        // Sealed by an earlier version (SHA-256): seal it again, so the next read is cheap.
        if sealedByEarlierVersion { try? write(payload, key: key) }
        return payload
    }

    /// Stores `data` under `key` atomically, then trims the folder if it grew over capacity.
    public func write(_ payload: Data, key: String) throws(DiskStoreError) {
        prepare()
        let header = SealedCacheFile.header(for: payload)
        let finalPath = url(for: key).path
        let file = try UnnamedCacheFile.create(in: directory.path)
        do throws(DiskStoreError) {
            try CacheFileIO.writeAll(header, to: file.fd, path: finalPath)
            try CacheFileIO.writeAll(payload, to: file.fd, path: finalPath)
            // fsync before rename: otherwise a crash can leave the new name pointing at an empty
            // file on some file systems (ext4 delayed allocation).
            guard fsync(file.fd) == 0 else { throw DiskStoreError.from(errno: errno, path: finalPath) }
            CacheFileIO.markAccessed(file.fd)
        } catch {
            file.discard()
            throw error
        }
        try install(file, header: header, as: finalPath)
    }

    /// A file to write piece by piece (`PendingCacheWrite`), then `commit` under a key; until
    /// then a file with no name no reader sees (gone if the writer is freed uncommitted, or the
    /// app is killed).
    public func beginWrite() throws(DiskStoreError) -> PendingCacheWrite {
        prepare()
        let file = try UnnamedCacheFile.create(in: directory.path)
        let pending = PendingCacheWrite(file: file, store: self)
        // Room for the seal, written over at `commit` once the checksum is known.
        do {
            try CacheFileIO.writeAll(Data(count: SealedCacheFile.overhead), to: file.fd, path: directory.path)
        } catch {
            pending.discard()
            throw error
        }
        return pending
    }

    /// Seals what `pending` wrote and stores it under `key` atomically, as `write` does.
    public func commit(_ pending: PendingCacheWrite, key: String) throws(DiskStoreError) {
        let finalPath = url(for: key).path
        let taken = pending.takeForCommit()
        guard case .success(let file) = taken else {
            pending.discard()
            if case .failure(let error) = taken { throw error }
            return
        }
        do throws(DiskStoreError) {
            let written = file.header.withUnsafeBytes { pwrite(file.file.fd, $0.baseAddress, $0.count, 0) }
            guard written == file.header.count else { throw DiskStoreError.from(errno: written < 0 ? errno : EIO, path: finalPath) }
            guard fsync(file.file.fd) == 0 else { throw DiskStoreError.from(errno: errno, path: finalPath) }
            CacheFileIO.markAccessed(file.file.fd)
        } catch {
            file.file.discard()
            throw error
        }
        try install(file.file, header: file.header, as: finalPath)
    }

    /// Names a complete, synced file `finalPath` (or, sharing, names so a stored file of the same
    /// bytes), then trims if over capacity.
    private func install(_ file: UnnamedCacheFile, header: Data, as finalPath: String) throws(DiskStoreError) {
        var info = stat()
        var size = fstat(file.fd, &info) == 0 ? Self.allocatedBytes(info) : 0
        let previous = stat(finalPath, &info) == 0 ? Self.freedBytes(info) : nil
        if identicalPayloads?.link(file, header: header, as: finalPath) == true {
            file.discard()
            size = 0
        } else {
            try file.install(as: finalPath)
        }
        let overCapacity = withPreparedState { state in
            state.estimatedBytes += size - (previous ?? 0)
            state.estimatedFiles += previous == nil ? 1 : 0
            return state.estimatedBytes > capacityBytes || state.estimatedFiles > maxFiles
        }
        if overCapacity {
            trim(toBytes: Int(Double(capacityBytes) * Self.lowWaterMark), files: Int(Double(maxFiles) * Self.lowWaterMark))
        }
    }

    /// What a file takes on the disk: its allocated blocks, in bytes.
    static func allocatedBytes(_ info: stat) -> Int { Int(info.st_blocks) * 512 }
    /// What removing one name of a file frees: nothing while it has another.
    static func freedBytes(_ info: stat) -> Int { info.st_nlink > 1 ? 0 : allocatedBytes(info) }

    public func remove(key: String) {
        prepare()
        let path = url(for: key).path
        var info = stat()
        guard stat(path, &info) == 0, unlink(path) == 0 else { return }
        withPreparedState {
            $0.estimatedBytes = max(0, $0.estimatedBytes - Self.freedBytes(info))
            $0.estimatedFiles = max(0, $0.estimatedFiles - 1)
        }
    }

    /// Deletes least recently accessed files until the folder fits in the capacity.
    public func trim() {
        trim(toBytes: capacityBytes, files: maxFiles)
    }

    /// The running estimate of what the folder's files take on the disk, in bytes.
    public var estimatedBytes: Int { withPreparedState { $0.estimatedBytes } }
    /// The running estimate of how many files the folder holds.
    public var estimatedFiles: Int { withPreparedState { $0.estimatedFiles } }

    func trim(toBytes limit: Int, files fileLimit: Int) {
        // Holding the lock serialises trims; reads and writes do their I/O without it.
        withPreparedState { state in
            (state.estimatedBytes, state.estimatedFiles) = folder.evictLeastRecentlyUsed(toBytes: limit, files: fileLimit)
        }
    }

    private func fileName(for key: String) -> String {
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, key, -1)!
        defer { g_free(digest) }
        return String(cString: digest) + "." + fileExtension
    }

}
