import CSandbox
import Foundation
import Glibc

/// A memfd of the app's, passed to a decode worker instead of bytes through the socket: the
/// picture's bytes go in one sealed before the worker sees it, and the worker writes the pixels
/// into another, which the app seals once the reply has come and maps straight into the
/// pixbufs (`ReplyBody`). Nothing crosses by copy, and once sealed, neither side can change a
/// byte of it: a worker that kept its mapping fails the seal, and its reply is refused. Small
/// ones (below `worthIt`: thumbnails, web pictures) take the socket, which costs them less.
final class SharedMemory: @unchecked Sendable { // the descriptor is fixed; closed once, on deinit
    let descriptor: Int32

    /// Bytes from which a memfd costs less than the socket: filling fresh shared pages and
    /// mapping and sealing them cost 50–65 µs for a 50 KB thumbnail's bytes or pixels, which the
    /// socket copies in a fraction of that; a camera photo's megabytes and a 50-megapixel
    /// detail's 150 MB are where the socket's two copies (and the app's fresh pages) cost.
    static let worthIt = 1 << 20

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// An empty memfd of `size` bytes, for a worker to write into; nothing is used until written.
    static func blank(size: Int, name: String = "link-gallery-pixels") -> SharedMemory? {
        let descriptor = sandbox_memfd(name, UInt64(max(0, size)))
        return descriptor < 0 ? nil : SharedMemory(descriptor: descriptor)
    }

    /// A sealed memfd holding a copy of `data`: what a worker reads the picture from. Written
    /// with `write`, which fills the memfd's pages in the kernel: mapping it to copy in would
    /// fault on every fresh page.
    static func sealed(copying data: Data) -> SharedMemory? {
        guard let memory = blank(size: 0, name: "link-gallery-picture") else { return nil }
        let written = data.withUnsafeBytes { DescriptorWrite.all($0, to: memory.descriptor) }
        return written && memory.seal() ? memory : nil
    }

    /// Its first `length` bytes as read-only `Data`, mapped (no copy), or nil; the mapping
    /// outlives the descriptor until the data goes.
    func mappedReadOnly(length: Int) -> Data? {
        guard length > 0, let memory = sandbox_map(descriptor, length, 0) else { return nil }
        return Data(bytesNoCopy: memory, count: length, deallocator: .custom { sandbox_unmap($0, $1) })
    }

    /// Seals it for good: false while anything (a worker) still maps it writable.
    func seal() -> Bool { sandbox_seal(descriptor) == 0 }

    /// Cuts it to the `length` bytes a worker's reply announced and seals it, so the memory it
    /// holds is the reply the app counts, however much the worker wrote or keeps a descriptor
    /// of (issue 42); true when it is sealed at exactly that length. A reply with no body here
    /// settles its memfd at 0.
    func settle(at length: Int) -> Bool {
        ftruncate(descriptor, off_t(length)) == 0 && seal() && size == length
    }

    /// Its size now (a sealed one keeps it), or nil.
    var size: Int? {
        let size = sandbox_file_size(descriptor)
        return size < 0 ? nil : Int(size)
    }
}
