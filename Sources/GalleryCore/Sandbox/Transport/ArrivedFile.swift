import Foundation
import Glibc

/// What has arrived of a download, as a worker reads it: a read-only descriptor of the cache
/// file the download is written to, where its bytes start and how many are final. The worker
/// maps them from the file; nothing is copied for it, however often the viewer asks while they
/// arrive. The app keeps only the first bytes, for the magic number (`prefix`).
///
/// The descriptor is opened anew, read-only, from the writer's (`/proc/self/fd`): the worker
/// can read the file and nothing else. The writer only appends to it, so the bytes a worker
/// maps stay as they are; a download that starts over cuts the file, and a worker mapping it
/// then dies of it — one partial picture's loss, never the app's (it maps none of it).
public final class ArrivedFile: Sendable {
    let descriptor: Int32
    /// Where the payload starts in the file (the cache file's seal comes first).
    let offset: Int
    /// The payload bytes written so far: all final.
    let length: Int
    /// The payload's first bytes (up to `ContentSniffer.preferredPrefixLength`).
    let prefix: Data

    /// Reopens `writer` read-only, or nil (no /proc, out of descriptors).
    init?(reopening writer: Int32, offset: Int, length: Int) {
        let descriptor = open("/proc/self/fd/\(writer)", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard let prefix = CacheFileIO.read(descriptor, count: min(length, ContentSniffer.preferredPrefixLength), at: offset) else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.offset = offset
        self.length = length
        self.prefix = prefix
    }

    deinit { close(descriptor) }

    /// All of its bytes, read (for a decode in this process: isolation off); nil when the file
    /// no longer holds them.
    func readAll() -> Data? { CacheFileIO.read(descriptor, count: length, at: offset) }
}
