import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small FAT file system, as on a USB stick: an image made by `mkfs.vfat` and mounted through
/// FUSE (`fusefat`; this kernel has no vfat driver). Like a stick, it has no unnamed files
/// (`O_TMPFILE`), no hard links and no `RENAME_NOREPLACE`. Nil without root or the tools.
final class FATImage {
    let url: URL
    private let image: URL

    init?(kilobytes: Int) {
        let tools = ["/usr/sbin/mkfs.vfat", "/usr/bin/fusefat", "/usr/bin/fusermount"]
        guard geteuid() == 0, tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("fat-\(UUID().uuidString)")
        url = base.appendingPathComponent("stick")
        image = base.appendingPathComponent("stick.img")
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil,
              FileManager.default.createFile(atPath: image.path, contents: nil), truncate(image.path, off_t(kilobytes * 1024)) == 0,
              Self.run(tools[0], [image.path]) == 0,
              Self.run(tools[1], ["-o", "rw+", image.path, url.path]) == 0
        else {
            try? FileManager.default.removeItem(at: base)
            return nil
        }
    }

    /// Unmounts (lazily if something still holds a file) and removes the image.
    func remove() {
        if Self.run("/usr/bin/fusermount", ["-u", url.path]) != 0 { _ = Self.run("/usr/bin/fusermount", ["-uz", url.path]) }
        try? FileManager.default.removeItem(at: image.deletingLastPathComponent())
    }

    /// Runs `tool` and waits for it with `waitpid`: fusefat's first process exits once its
    /// daemon has mounted the image, and Foundation's `Process` was seen never to notice that
    /// exit (the test hung on a zombie).
    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        // Under `timeout`: a mount that hangs fails the test instead of holding the run.
        let bounded = (["/usr/bin/timeout", "30", tool] + arguments).map { strdup($0) } + [nil]
        defer { bounded.forEach { free($0) } }
        guard posix_spawn(&pid, "/usr/bin/timeout", &actions, nil, bounded, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }
}
