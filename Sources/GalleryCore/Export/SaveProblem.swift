import Glibc

/// Why one picture of a Save to Folder was not saved. The others go on; the person reads each
/// reason at the end (`ErrorMessages.explanation(for:)` in the UI).
public enum SaveProblem: Error, Sendable, Equatable {
    /// The original could not be had: offline and not cached, gone from the server, too large.
    case download(LoadError)
    /// No space left on the folder's disk (or the quota is used up).
    case diskFull
    /// No permission, or a read-only disk.
    case notWritable
    /// The folder was removed or unmounted meanwhile.
    case folderGone
    /// Any other error of the file system, in its own words.
    case failed(String)

    /// Maps a POSIX error number to what a person can act on (`FileSystemFailure`).
    static func from(errno code: Int32) -> SaveProblem {
        switch FileSystemFailure(errno: code) {
        case .diskFull: .diskFull
        case .notWritable: .notWritable
        case .missing: .folderGone
        case .other(let reason): .failed(reason)
        }
    }

    /// A full or read-only disk stays so for the rest of the list: saving stops there.
    var endsTheRun: Bool { self == .diskFull || self == .notWritable || self == .folderGone }
}
