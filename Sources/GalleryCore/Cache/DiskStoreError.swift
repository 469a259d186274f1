import Foundation

/// Why the disk cache could not store something. The caller keeps working from memory and
/// the network; the person is told once (`CacheProblem`, worded by the UI's `ErrorMessages`);
/// `description` is for logs and tests.
public enum DiskStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cache folder is missing and cannot be created, or is not a folder.
    case directoryUnavailable(path: String, reason: String)
    /// No permission, read-only file system.
    case notWritable(path: String)
    /// No space left (or quota exceeded).
    case diskFull(path: String)
    /// Any other I/O error.
    case ioFailure(path: String, reason: String)

    /// Maps a POSIX error number to the class a person can act on (`FileSystemFailure`).
    static func from(errno code: Int32, path: String) -> DiskStoreError {
        switch FileSystemFailure(errno: code) {
        case .notWritable: return .notWritable(path: path)
        case .diskFull: return .diskFull(path: path)
        case .missing: return .directoryUnavailable(path: path, reason: String(cString: strerror(code)))
        case .other(let reason): return .ioFailure(path: path, reason: reason)
        }
    }

    public var description: String {
        switch self {
        case .directoryUnavailable(let path, let reason): return "Cache folder \(path) is unavailable: \(reason)"
        case .notWritable(let path): return "Cache folder \(path) is not writable"
        case .diskFull(let path): return "No space left to cache \(path)"
        case .ioFailure(let path, let reason): return "Could not write cache file \(path): \(reason)"
        }
    }
}
