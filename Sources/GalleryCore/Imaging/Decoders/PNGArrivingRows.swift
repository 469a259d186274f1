import CGtk
import CPNGScale
import Foundation
import GObjectSupport

/// The partial-bytes ability of PNGs: the start of a PNG still downloading, at the size the
/// whole will be drawn: the rows received of a plain PNG, summed as `PNGRowScaling` sums the
/// whole (so they are the final pixels), or the last complete Adam7 pass of an interlaced one
/// (the whole picture on a coarser grid, smoothed up to the page's size where the grid is
/// coarser than the page). Stored pixels, as every decoder's: the pipeline converts the colour,
/// clears the rows not received and turns them upright.
enum PNGArrivingRows: PictureDecoder {
    static let abilities: DecoderAbilities = .partialBytes
    static let library = "libpng (rows received)"

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        let received = picture.data
        guard let size = picture.facts.size else { return nil }
        var info = pngscale_info(), passes: Int32 = 0, rows: UInt32 = 0
        let read = received.withUnsafeBytes { bytes in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress
            return pngscale_read_info(base, bytes.count, &info) == PNGSCALE_OK
                && pngscale_received(base, bytes.count, &passes, &rows) == PNGSCALE_OK
        }
        let interlaced = info.interlaced != 0
        guard read, Int(info.width) == size.width, Int(info.height) == size.height,
              interlaced ? passes >= 1 : rows >= 1 else { return nil }

        let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit) ?? (size.width, size.height)
        let pass = interlaced ? Int(passes) - 1 : 0
        let grid = interlaced ? Adam7.passSize(pass, width: size.width, height: size.height) : PixelSize(width: size.width, height: size.height)
        let drawn = PixelSize(width: min(target.width, grid.width), height: min(target.height, grid.height))

        let hasAlpha = info.has_alpha != 0
        guard let decoded = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, gint(drawn.width), gint(drawn.height))
        else { throw .outOfMemory }
        var pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(decoded))
        var rowsDone: UInt32 = 0
        let status = withUnsafeMutablePointer(to: &rowsDone) { done in
            PNGRowScaling.decode(received, into: decoded, target: (drawn.width, drawn.height),
                                 channels: hasAlpha ? 4 : 3, gate: gate, received: (pass, done))
        }
        switch Int(status) {
        case PNGSCALE_OK: break
        case PNGSCALE_STOPPED: throw .cancelled
        default: return nil
        }
        guard rowsDone > 0 else { return nil }
        if drawn.width < target.width || drawn.height < target.height,
           let scaled = gdk_pixbuf_scale_simple(OpaquePointer(pixbuf.pointer), gint(target.width), gint(target.height),
                                                GDK_INTERP_BILINEAR) {
            pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
        }
        // Rows done on the drawn grid, as rows of the picture handed over (scaled with it).
        let final = Int(rowsDone) < drawn.height ? Int(rowsDone) * target.height / drawn.height : nil
        return DecodedFrame(pixbuf: pixbuf, declaredWidth: size.width, declaredHeight: size.height,
                                    rowsFinal: final)
    }
}
