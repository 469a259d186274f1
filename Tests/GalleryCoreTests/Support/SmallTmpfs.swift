import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny tmpfs mounted on a temporary folder: a real file system that runs out of space
/// (ENOSPC) after a few hundred kilobytes. Needs root (or CAP_SYS_ADMIN); `nil` otherwise.
///
/// Other ways to a full disk do not give ENOSPC: RLIMIT_FSIZE raises SIGXFSZ/EFBIG and would
/// apply to the whole test process, and /dev/full cannot hold a folder of cache files.
final class SmallTmpfs {
    let url: URL

    init?(kilobytes: Int) {
        guard geteuid() == 0 else { return nil }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("full-disk-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil,
              ExternalTool.succeeds("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", url.path])
        else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    /// Fills what is left with one file, so the next write of any size fails.
    func fill() {
        let path = url.appendingPathComponent("filler").path
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let block = [UInt8](repeating: 0xAA, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Unmounts (lazily if something still holds a file) and removes the mount point.
    func remove() {
        if !ExternalTool.succeeds("/usr/bin/umount", [url.path]) { _ = ExternalTool.succeeds("/usr/bin/umount", ["-l", url.path]) }
        try? FileManager.default.removeItem(at: url)
    }
}
