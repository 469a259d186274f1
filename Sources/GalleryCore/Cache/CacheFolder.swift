import Foundation

/// The files of one `DiskStore` folder as the disk has them: what each takes (allocated blocks,
/// once for a file with several names: `IdenticalPayloads`) and when it was last used (its
/// modification time), the least recently used ones evicted to fit limits, and leftovers of
/// crashed writes removed. Blocking I/O, called under the store's lock.
struct CacheFolder {
    let directory: URL
    let fileExtension: String

    /// Deletes the least recently used files until both limits hold; what is left, in bytes and
    /// files.
    func evictLeastRecentlyUsed(toBytes limit: Int, files fileLimit: Int) -> (bytes: Int, files: Int) {
        let files = cachedFiles().sorted {
            ($0.accessed.tv_sec, $0.accessed.tv_nsec, $0.path) < ($1.accessed.tv_sec, $1.accessed.tv_nsec, $1.path)
        }
        var names = [FileIdentity: Int]()
        files.forEach { names[$0.identity, default: 0] += 1 }
        var total = Self.bytes(of: files)
        var count = files.count
        for file in files where total > limit || count > fileLimit {
            if unlink(file.path) == 0 || errno == ENOENT {
                count -= 1
                names[file.identity, default: 1] -= 1
                // The blocks are freed with the file's last name (its names share one access time).
                if names[file.identity] == 0 { total -= file.size }
            }
        }
        return (total, count)
    }

    /// What `files` take on the disk: each file's blocks once, however many names it has.
    static func bytes(of files: [CachedFile]) -> Int {
        var seen = Set<FileIdentity>()
        return files.reduce(0) { total, file in seen.insert(file.identity).inserted ? total + file.size : total }
    }

    struct FileIdentity: Hashable {
        let device: UInt
        let inode: UInt
    }

    struct CachedFile {
        let path: String
        let size: Int
        let accessed: timespec
        let identity: FileIdentity
    }

    func cachedFiles() -> [CachedFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let suffix = "." + fileExtension
        return names.compactMap { name in
            guard name.hasSuffix(suffix), !name.hasPrefix(DiskStore.temporaryPrefix) else { return nil }
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return CachedFile(path: path, size: DiskStore.allocatedBytes(info), accessed: info.st_mtim,
                              identity: FileIdentity(device: UInt(info.st_dev), inode: UInt(info.st_ino)))
        }
    }

    /// Leftovers of a write that crashed where files must be named while written: each is
    /// locked by its writer for as long as it writes (`UnnamedCacheFile`), so one that can be
    /// locked here has no writer left and goes at once; another running instance's stays.
    func removeAbandonedTemporaryFiles() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(DiskStore.temporaryPrefix) {
            let path = directory.appendingPathComponent(name).path
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(fd)
        }
    }
}
