import CGtk
import CJXLDecode
import Foundation
import GObjectSupport

/// The partial-bytes ability of JPEG XL: the start of a file still downloading, drawn as libjxl
/// can draw it — once the whole picture can be drawn at some detail (a lossy file's 1:8 picture
/// comes first, its groups refine it as they arrive), never before. A lossless file arrives
/// group by group with no such step, and libjxl would draw the groups not yet come black: it
/// is drawn when whole. Stored pixels at the size the whole will be drawn, every row shown
/// (coarse, not final), as an interlaced PNG's passes are (`PNGArrivingRows`).
enum JXLArrivingPasses: PictureDecoder {
    static let abilities: DecoderAbilities = .partialBytes
    static let library = "libjxl (passes received)"

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard let size = picture.facts.size, size.width > 0, size.height > 0 else { return nil } // its header has not all come
        let (frame, bytes) = try JXLDecoding.canvas(size, gate: gate)
        var pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(frame))
        let status = picture.data.withUnsafeBytes { data in
            jxldecode_received(data.bindMemory(to: UInt8.self).baseAddress, data.count, UInt32(size.width), UInt32(size.height),
                               gdk_pixbuf_get_pixels(frame), bytes)
        }
        switch Int(status) {
        case JXLDECODE_OK: break
        case JXLDECODE_NOT_YET: return nil
        default: throw .damaged
        }
        if let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit),
           let scaled = gdk_pixbuf_scale_simple(frame, gint(target.width), gint(target.height), GDK_INTERP_BILINEAR) {
            pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
        }
        return DecodedFrame(pixbuf: pixbuf, declaredWidth: size.width, declaredHeight: size.height)
    }
}
