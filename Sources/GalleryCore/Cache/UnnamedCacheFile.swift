import CShims
import Foundation
import Glibc

/// A cache file while it is written: it has no name until it is complete (`O_TMPFILE`), so
/// the app killed at any moment leaves nothing behind. Where the file system cannot do that, it
/// gets a `.tmp-` name at once. Either way its writer holds an exclusive `flock` on it for as
/// long as the file is open, so a start removes at once the temporary files whose writer is
/// gone (`DiskStore`) and leaves those of another running instance alone.
struct UnnamedCacheFile {
    let fd: Int32
    /// The folder it will be named in.
    let directory: String
    /// Its name while written, only where the file system has no unnamed files.
    let temporaryPath: String?

    static func create(in directory: String) throws(DiskStoreError) -> UnnamedCacheFile {
        var fd = shim_open_unnamed_file(directory)
        var temporaryPath: String?
        if fd < 0 {
            guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else { throw DiskStoreError.from(errno: errno, path: directory) }
            let path = Self.temporaryName(in: directory)
            fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DiskStoreError.from(errno: errno, path: directory) }
            temporaryPath = path
        }
        // A new file nobody else has open: the lock is granted at once.
        flock(fd, LOCK_EX)
        return UnnamedCacheFile(fd: fd, directory: directory, temporaryPath: temporaryPath)
    }

    /// Puts the complete file at `finalPath`, replacing what was there, and closes it. An
    /// unnamed file is linked under a temporary name first (still locked: a start meanwhile
    /// leaves it alone), then renamed over, since a link cannot replace a file.
    func install(as finalPath: String) throws(DiskStoreError) {
        defer { close(fd) }
        var named = temporaryPath
        if named == nil {
            let path = Self.temporaryName(in: directory)
            guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
                throw DiskStoreError.from(errno: errno, path: finalPath)
            }
            named = path
        }
        guard let named, rename(named, finalPath) == 0 else {
            let code = errno
            if let named { unlink(named) }
            throw DiskStoreError.from(errno: code, path: finalPath)
        }
    }

    /// Drops an unfinished file: an unnamed one vanishes as it is closed.
    func discard() {
        if let temporaryPath { unlink(temporaryPath) }
        close(fd)
    }

    private static func temporaryName(in directory: String) -> String {
        directory + "/" + DiskStore.temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 16)
    }
}
