import CGtk
import CSandbox
import Foundation
import GObjectSupport

/// A reply as a worker sends it: the header over the socket, the body — pixels, and the small
/// parts between them — written straight into the memfd the app gave for it, rows packed, with
/// no copy on the way (`SharedMemory`).
struct WorkerReply {
    var header: DecodeReply.Header
    var parts: [Part] = []

    enum Part {
        /// A pixbuf's pixels, packed row after row as the body is written.
        case pixels(ObjectReference)
        case bytes(Data)

        var length: Int {
            switch self {
            case .pixels(let pixbuf):
                let pointer = OpaquePointer(pixbuf.pointer)
                return Int(gdk_pixbuf_get_width(pointer)) * Int(gdk_pixbuf_get_height(pointer)) * Int(gdk_pixbuf_get_n_channels(pointer))
            case .bytes(let data): return data.count
            }
        }
    }

    /// A reply of bytes that are not pixels (a file's metadata): one row of one channel, as wide
    /// as there are bytes, so the reading side bounds and reads it as it does pixels.
    static func text(_ bytes: Data) -> WorkerReply {
        WorkerReply(header: DecodeReply.Header(status: .picture, width: bytes.count, height: 1, channels: 1), parts: [.bytes(bytes)])
    }

    /// Bytes of any length (a links file's entries) as rows of `LinksReply.rowBytes` of one
    /// channel, the last padded with zeros: a side stays within `PixelSize.maxSide` however
    /// long they are.
    static func blob(_ bytes: Data) -> WorkerReply {
        let rows = max(1, (bytes.count + LinksReply.rowBytes - 1) / LinksReply.rowBytes)
        let padding = rows * LinksReply.rowBytes - bytes.count
        return WorkerReply(header: DecodeReply.Header(status: .picture, width: LinksReply.rowBytes, height: rows, channels: 1),
                           parts: [.bytes(bytes), .bytes(Data(count: padding))])
    }

    var bodyLength: Int { parts.reduce(0) { $0 + $1.length } }

    /// Writes the body into the memfd `descriptor`; false when it is not there or too small (the
    /// app then refuses the reply by its header). `keepMapping` leaves the mapping in place: a
    /// test worker's misbehaviour (`DecodeWorkerFault.holdsPixels`).
    func writeBody(into descriptor: Int32, keepMapping: Bool = false) -> Bool {
        let length = bodyLength
        guard length > 0 else { return true }
        guard sandbox_file_size(descriptor) >= Int64(length), let memory = sandbox_map(descriptor, length, 1) else { return false }
        fill(memory)
        if !keepMapping { sandbox_unmap(memory, length) }
        return true
    }

    /// The body as bytes, for a small reply sent after its header on the socket.
    func packedBody() -> Data {
        var data = Data(count: bodyLength)
        data.withUnsafeMutableBytes { if let base = $0.baseAddress { fill(base) } }
        return data
    }

    /// Writes the parts one after another from `memory`, `bodyLength` bytes.
    private func fill(_ memory: UnsafeMutableRawPointer) {
        var offset = 0
        for part in parts {
            switch part {
            case .pixels(let pixbuf): offset += Self.pack(OpaquePointer(pixbuf.pointer), into: memory + offset)
            case .bytes(let data):
                data.withUnsafeBytes { if let base = $0.baseAddress { (memory + offset).copyMemory(from: base, byteCount: $0.count) } }
                offset += data.count
            }
        }
    }

    /// A pixbuf's rows without their padding; returns the bytes written.
    private static func pack(_ pixbuf: OpaquePointer, into memory: UnsafeMutableRawPointer) -> Int {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let row = width * Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        if stride == row {
            memory.copyMemory(from: pixels, byteCount: row * height)
        } else {
            for line in 0..<height { (memory + line * row).copyMemory(from: pixels + line * stride, byteCount: row) }
        }
        return row * height
    }
}
