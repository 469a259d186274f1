import Glibc

/// What a failed file-system call's `errno` means to a person, decided once for every place the
/// app writes — its cache (`DiskStoreError`) and a person's folder (`SaveProblem`) — each of
/// which words it for its own case.
enum FileSystemFailure: Equatable {
    /// No space left on the disk, the quota used up, or a file larger than the disk takes.
    case diskFull
    /// No permission, or a read-only disk.
    case notWritable
    /// The folder is not there (removed, unmounted), or a part of its path is not a folder.
    case missing
    /// Anything else, in the system's words.
    case other(String)

    init(errno code: Int32) {
        switch code {
        case ENOSPC, EDQUOT, EFBIG: self = .diskFull
        case EACCES, EPERM, EROFS: self = .notWritable
        case ENOENT, ENOTDIR: self = .missing
        default: self = .other(String(cString: strerror(code)))
        }
    }
}
