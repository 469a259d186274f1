import CGtk
import CPNGScale
import Foundation
import GObjectSupport

/// Decodes a PNG that is shown smaller than it is (a thumbnail, a screen-sized page, an original
/// over the texture limit) row by row, summing each row into the smaller image.
///
/// gdk-pixbuf's PNG loader cannot scale while decoding: it allocates the whole image and scales
/// a copy afterwards, so a 100-megapixel PNG of a few KB took 300 MB (400 with alpha) for a
/// 126 px thumbnail. Here the decode holds the target, one source row and a row of sums: about
/// 1 MB for the same thumbnail. Each target pixel is the average of the source pixels in it
/// (colours weighted by alpha, so transparent pixels do not darken edges).
enum PNGRowScaling: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "libpng"

    /// The scaled image, or nil when this scaler does not handle the file and gdk-pixbuf should
    /// (nothing to scale, or a 1-row interlaced image). `gate` gives the fit and the
    /// cancellation; the facts' size was checked against the pixel limit already.
    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard let declared = picture.facts.size else { return nil }
        let data = picture.data
        guard let target = LoaderSizeGate.targetSize(width: declared.width, height: declared.height, fit: gate.fit) else {
            return nil
        }
        var info = pngscale_info()
        let read = data.withUnsafeBytes { pngscale_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &info) }
        guard Int(read) == PNGSCALE_OK else { throw .damaged }
        guard Int(info.width) == declared.width, Int(info.height) == declared.height,
              !(info.interlaced != 0 && info.height < 2) else { return nil }
        let hasAlpha = info.has_alpha != 0
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, gint(target.width), gint(target.height))
        else { throw .outOfMemory }
        let reference = ObjectReference(taking: UnsafeMutableRawPointer(pixbuf))
        let status = decode(data, into: pixbuf, target: target, channels: hasAlpha ? 4 : 3, gate: gate)
        switch Int(status) {
        case PNGSCALE_OK: break
        case PNGSCALE_STOPPED: throw .cancelled
        case PNGSCALE_NO_MEMORY: throw .outOfMemory
        case PNGSCALE_UNSUPPORTED: return nil
        default: throw .damaged
        }
        return DecodedFrame(pixbuf: reference, declaredWidth: declared.width, declaredHeight: declared.height)
    }

    /// Runs the C scaler with the gate's cancellation: the whole file, or (`received`) the bytes
    /// received so far of Adam7 pass `pass`, the target rows finished counted in `rowsDone`.
    static func decode(
        _ data: Data, into pixbuf: OpaquePointer, target: (width: Int, height: Int), channels: Int, gate: LoaderSizeGate,
        received: (pass: Int, rowsDone: UnsafeMutablePointer<UInt32>)? = nil
    ) -> Int32 {
        let stop: pngscale_stop_callback = { DecodeCancellation.stopRequested(context: $0) }
        let pixels = gdk_pixbuf_get_pixels(pixbuf)
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        return data.withUnsafeBytes { bytes in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress
            let context = gate.cancellation?.callbackContext
            return withExtendedLifetime(gate.cancellation) {
                guard let received else {
                    return pngscale_decode(base, bytes.count, UInt32(target.width), UInt32(target.height), pixels, stride,
                                           Int32(channels), context == nil ? nil : stop, context)
                }
                return pngscale_decode_received(base, bytes.count, Int32(received.pass), UInt32(target.width),
                                                UInt32(target.height), pixels, stride, Int32(channels),
                                                context == nil ? nil : stop, context, received.rowsDone)
            }
        }
    }
}
