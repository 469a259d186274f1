import CGtk
import CSandbox
import Foundation
import GObjectSupport

/// The pixels of a worker's reply: the sealed memfd the worker wrote them into, mapped, as a
/// `GBytes` the pixbufs made of them share. A 50-megapixel detail crosses from the worker into
/// the viewer's tiles with no copy at all.
final class ReplyBody: @unchecked Sendable { // immutable after init
    private let bytes: OpaquePointer

    /// The first `count` bytes of `memory` (sealed, at least that long), mapped read-only; nil
    /// when they cannot be mapped. The mapping lives as long as the last pixbuf over it.
    init?(mapping memory: SharedMemory, count: Int) {
        guard count > 0 else {
            bytes = g_bytes_new(nil, 0)
            return
        }
        guard let mapped = sandbox_map(memory.descriptor, count, 0) else { return nil }
        let mapping = UnsafeMutablePointer<Mapping>.allocate(capacity: 1)
        mapping.initialize(to: Mapping(base: mapped, length: count))
        bytes = g_bytes_new_with_free_func(mapped, gsize(count), { context in
            guard let mapping = context?.assumingMemoryBound(to: Mapping.self) else { return }
            sandbox_unmap(mapping.pointee.base, mapping.pointee.length)
            mapping.deinitialize(count: 1)
            mapping.deallocate()
        }, mapping)
    }

    var count: Int { Int(g_bytes_get_size(bytes)) }

    /// `count` bytes read by `fill` into fresh memory; nil when `fill` fails.
    init?(count: Int, fill: (UnsafeMutableRawPointer) -> Bool) {
        let memory = g_malloc(gsize(max(1, count)))!
        guard fill(memory) else {
            g_free(memory)
            return nil
        }
        bytes = g_bytes_new_take(memory, gsize(count))
    }

    /// A copy of `data` (tests, and replies built in this process).
    convenience init(_ data: Data) {
        self.init(count: data.count) { memory in
            data.withUnsafeBytes { if let base = $0.baseAddress { memory.copyMemory(from: base, byteCount: $0.count) } }
            return true
        }!
    }

    deinit { g_bytes_unref(bytes) }

    /// A copy of `length` bytes at `offset` (the caller checked they are there).
    func data(at offset: Int, length: Int) -> Data {
        var size: gsize = 0
        let base = g_bytes_get_data(bytes, &size)!
        return Data(bytes: base + offset, count: length)
    }

    /// All the bytes as `Data` over the same memory, no copy: a list's reply of 100 MB (issue
    /// 42) is read and saved from the worker's memfd itself, not from a second copy of it.
    var sharedData: Data {
        var size: gsize = 0
        guard let base = g_bytes_get_data(bytes, &size), size > 0 else { return Data() }
        let kept = g_bytes_ref(bytes)
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: Int(size), deallocator: .custom { _, _ in
            g_bytes_unref(kept)
        })
    }

    /// A pixbuf over the rows packed at `offset` (the caller checked they are there), sharing
    /// these bytes.
    func pixbuf(at offset: Int, width: Int, height: Int, channels: Int) -> ObjectReference? {
        let rows = g_bytes_new_from_bytes(bytes, gsize(offset), gsize(width * height * channels))
        defer { g_bytes_unref(rows) }
        guard let pixbuf = gdk_pixbuf_new_from_bytes(rows, GDK_COLORSPACE_RGB, channels == 4 ? 1 : 0, 8, gint(width),
                                                     gint(height), gint(width * channels)) else { return nil }
        return ObjectReference(taking: UnsafeMutableRawPointer(pixbuf))
    }
}

/// A mapping to undo when its `GBytes` goes.
private struct Mapping {
    let base: UnsafeMutableRawPointer
    let length: Int
}
