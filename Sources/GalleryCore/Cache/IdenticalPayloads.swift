import Foundation
import Synchronization

/// One copy of the bytes however many keys lead to them (issue 55): lists gathered from the web
/// hold the same photo at a mirror's address and the original's. A file about to be stored whose
/// payload an already stored file holds becomes another name of that file (a hard link), so
/// the disk keeps the bytes once; `CacheFolder` counts a file's blocks once however many names
/// it has, and frees them with its last name.
///
/// Candidates are found by the seal (the payload's CRC-32, `SealedCacheFile`) and the file's
/// length, then proved byte for byte: a checksum is no proof, and a wrong match would show one
/// link's picture for another. The table is built from the folder's files on the first store
/// after a start (a read never pays for it) and may hold names gone or rewritten since: each is
/// checked when it is used. Blocking I/O, called by `DiskStore` on its disk queue.
final class IdenticalPayloads: Sendable {
    private struct Seal: Hashable {
        let header: Data
        let length: Int
    }

    private let directory: URL
    private let fileExtension: String
    /// A file name by seal; nil until the first store.
    private let names = Mutex<[Seal: String]?>(nil)
    private static let compareChunk = 1 << 18

    init(directory: URL, fileExtension: String) {
        self.directory = directory
        self.fileExtension = fileExtension
    }

    /// Makes `finalPath` another name of a stored file whose bytes are `file`'s (sealed with
    /// `header`), replacing what `finalPath` named; true when it did (then `file` is not needed),
    /// false when no stored file holds the same bytes or the link could not be made.
    func link(_ file: UnnamedCacheFile, header: Data, as finalPath: String) -> Bool {
        var info = stat()
        guard fstat(file.fd, &info) == 0 else { return false }
        let seal = Seal(header: header, length: Int(info.st_size))
        let finalName = (finalPath as NSString).lastPathComponent
        guard let name = names.withLock({ table in filled(&table)[seal] }) else {
            record(seal, name: finalName)
            return false
        }
        let candidate = open(directory.appendingPathComponent(name).path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard candidate >= 0 else {
            record(seal, name: finalName)
            return false
        }
        defer { close(candidate) }
        var stored = stat()
        guard fstat(candidate, &stored) == 0, (stored.st_mode & S_IFMT) == S_IFREG, Int(stored.st_size) == seal.length,
              Self.sameBytes(candidate, file.fd, length: seal.length) else {
            record(seal, name: finalName)
            return false
        }
        var present = stat()
        if stat(finalPath, &present) == 0, present.st_dev == stored.st_dev, present.st_ino == stored.st_ino {
            CacheFileIO.markAccessed(candidate)
            return true // already this file's name
        }
        // Locked while it has a temporary name, as a file being written is: a start of another
        // instance removes only temporary names nobody holds. Held by someone: stored apart.
        guard flock(candidate, LOCK_EX | LOCK_NB) == 0 else { return false }
        defer { flock(candidate, LOCK_UN) }
        // The file proved identical, by its descriptor: not a name someone may have replaced since.
        let temporary = directory.appendingPathComponent(DiskStore.temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 16)).path
        guard linkat(AT_FDCWD, "/proc/self/fd/\(candidate)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else { return false }
        let renamed = rename(temporary, finalPath) == 0
        if !renamed { unlink(temporary) }
        if renamed { CacheFileIO.markAccessed(candidate) }
        return renamed
    }

    private func record(_ seal: Seal, name: String) {
        names.withLock { table in
            _ = filled(&table)
            table?[seal] = name
        }
    }

    /// The table, built from the folder's files the first time.
    private func filled(_ table: inout [Seal: String]?) -> [Seal: String] {
        if let table { return table }
        var built: [Seal: String] = [:]
        for file in CacheFolder(directory: directory, fileExtension: fileExtension).cachedFiles() {
            let fd = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, let head = CacheFileIO.read(fd, count: SealedCacheFile.overhead, at: 0),
                  SealedCacheFile.isCurrent(head) else { continue }
            built[Seal(header: head, length: Int(info.st_size))] = (file.path as NSString).lastPathComponent
        }
        table = built
        return built
    }

    /// Whether the first `length` bytes of two files are the same.
    private static func sameBytes(_ first: Int32, _ second: Int32, length: Int) -> Bool {
        var offset = 0
        while offset < length {
            let count = min(compareChunk, length - offset)
            guard let one = CacheFileIO.read(first, count: count, at: offset), let other = CacheFileIO.read(second, count: count, at: offset),
                  one.count == count, one == other else { return false }
            offset += count
        }
        return true
    }
}
