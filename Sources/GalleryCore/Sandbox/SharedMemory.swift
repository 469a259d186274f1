import CSandbox
import Foundation
import Glibc

/// A memfd of the app's, passed to a decode worker instead of bytes through the socket: the
/// picture's bytes go in one sealed before the worker sees it, and the worker writes the pixels
/// into another, which the app seals once the reply has come and maps straight into the
/// pixbufs (`ReplyBody`). Nothing crosses by copy, and once sealed, neither side can change a
/// byte of it: a worker that kept its mapping fails the seal, and its reply is refused.
final class SharedMemory: @unchecked Sendable { // the descriptor is fixed; closed once, on deinit
    let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// An empty memfd of `size` bytes, for a worker to write into; nothing is used until written.
    static func blank(size: Int, name: String = "link-gallery-pixels") -> SharedMemory? {
        let descriptor = sandbox_memfd(name, UInt64(max(0, size)))
        return descriptor < 0 ? nil : SharedMemory(descriptor: descriptor)
    }

    /// A sealed memfd holding a copy of `data`: what a worker reads the picture from.
    static func sealed(copying data: Data) -> SharedMemory? {
        guard let memory = blank(size: data.count, name: "link-gallery-picture") else { return nil }
        let written = data.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
            guard let mapped = sandbox_map(memory.descriptor, bytes.count, 1) else { return false }
            mapped.copyMemory(from: base, byteCount: bytes.count)
            sandbox_unmap(mapped, bytes.count)
            return true
        }
        return written && memory.seal() ? memory : nil
    }

    /// Seals it for good: false while anything (a worker) still maps it writable.
    func seal() -> Bool { sandbox_seal(descriptor) == 0 }

    /// Its size now (a sealed one keeps it), or nil.
    var size: Int? {
        let size = sandbox_file_size(descriptor)
        return size < 0 ? nil : Int(size)
    }
}
