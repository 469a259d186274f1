import CShims
import Foundation
import Glibc

/// Writes a file into a person's folder atomically and never over another file.
///
/// The bytes go into a file without a name (`O_TMPFILE`) and are flushed to the disk; only then
/// is the file linked under its name, and `linkat` fails rather than replace a file that has it,
/// so "name.jpg" taken means "name (2).jpg" is tried. Cancelled, killed or out of space halfway,
/// nothing is left in the folder. Where the file system has no unnamed files (FAT on a USB stick,
/// some network shares) a hidden temporary file stands in, is linked or renamed without replacing
/// (`RENAME_NOREPLACE`), or where the file system offers neither, renamed over an empty file
/// it made under the name with `O_EXCL`; the temporary file is always removed.
public enum NewFileInFolder {
    /// Names tried before giving up ("name (10000).jpg"): lists of search thumbnails name
    /// thousands of links "images", but a folder with more copies than that is a mistake.
    static let mostNumbers = 10_000

    /// Writes `data` into `folder` as `name`, or its first numbered variant from `first` on that
    /// is free ("name (first).jpg"), and says where it landed and which number it took: a run
    /// that saves 300 links all named "images" asks for the next free number from where the last
    /// one landed, instead of trying "images.jpg" … "images (299).jpg" each time.
    public static func write(_ data: Data, named name: String, in folder: URL, from first: Int = 1) throws(SaveProblem) -> (file: URL, number: Int) {
        let directory = folder.path
        // 0666 less the umask, as `cp` and every other program creates a person's files.
        var fd = shim_open_unnamed_file_mode(directory, 0o666)
        var temporaryPath: String?
        if fd < 0 {
            guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else { throw SaveProblem.from(errno: errno) }
            let path = directory + "/.link-gallery-" + String(UInt64.random(in: .min ... .max), radix: 16) + ".part"
            fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw SaveProblem.from(errno: errno) }
            temporaryPath = path
        }
        // The hidden file's name while it holds the picture: removed on the way out, unless a
        // rename gave the picture another name (then that name is someone else's to take).
        var leftOver = temporaryPath
        defer {
            close(fd)
            if let leftOver { unlink(leftOver) }
        }
        let written = data.withUnsafeBytes { DescriptorWrite.all($0, to: fd) }
        guard written, fsync(fd) == 0 else { throw SaveProblem.from(errno: errno) }

        let source = temporaryPath ?? "/proc/self/fd/\(fd)"
        for number in max(first, 1)...max(first, mostNumbers) {
            let path = directory + "/" + SavedFileName.numbered(name, number)
            if linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 { return (URL(fileURLWithPath: path), number) }
            let code = errno
            if code == EEXIST { continue }
            guard let temporaryPath, [EPERM, EOPNOTSUPP, EMLINK].contains(code) else { throw SaveProblem.from(errno: code) }
            // FAT has no links: a rename that refuses to replace, or where the file system
            // cannot promise that either, the name claimed first with O_EXCL (failing on a file
            // that has it) and the picture renamed over that claim, which is this save's own.
            if shim_rename_noreplace(temporaryPath, path) == 0 {
                leftOver = nil
                return (URL(fileURLWithPath: path), number)
            }
            switch errno {
            case EEXIST: continue
            case EINVAL, ENOSYS:
                guard try claim(path) else { continue }
                guard rename(temporaryPath, path) == 0 else {
                    let failure = errno
                    unlink(path)
                    throw SaveProblem.from(errno: failure)
                }
                leftOver = nil
                return (URL(fileURLWithPath: path), number)
            case let failure: throw SaveProblem.from(errno: failure)
            }
        }
        throw SaveProblem.failed(String(cString: strerror(EEXIST)))
    }

    /// Makes an empty file at `path` with `O_EXCL`: false when the name is taken.
    private static func claim(_ path: String) throws(SaveProblem) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            if errno == EEXIST { return false }
            throw SaveProblem.from(errno: errno)
        }
        close(fd)
        return true
    }
}
