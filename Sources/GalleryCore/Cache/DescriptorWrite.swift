import Glibc

/// Every byte of a buffer written to a file descriptor, through short writes and interrupted
/// calls: a cache file being installed, a picture going into its memfd.
enum DescriptorWrite {
    /// False at the first error (a full disk, a closed descriptor).
    static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
