import CGtk
import Foundation
import GObjectSupport

/// The bytes after a worker's reply header, read straight into memory of GLib's (a `GBytes`),
/// so the pixbufs made of them share those bytes: a 50-megapixel detail crosses from the
/// worker into the viewer's tiles with no copy in the app.
final class ReplyBody: @unchecked Sendable { // immutable after init
    private let bytes: OpaquePointer

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
