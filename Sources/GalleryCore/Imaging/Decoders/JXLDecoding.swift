import CGtk
import CJXLDecode
import Foundation
import GObjectSupport

/// JPEG XL, through libjxl: the first frame, whole, as stored (the facts carry its
/// orientation) and in the colour space its facts' profile names (sRGB: none), scaled to the
/// fit afterwards. No gdk-pixbuf loader on Debian 12 reads the format. libjxl decodes at full
/// size, so the budget holds the whole picture and its scaled copy, as for HEIF.
enum JXLDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, gate: LoaderSizeGate) throws(LoadError) -> PixbufLoading.Loaded? {
        guard let size = picture.facts.size, size.width > 0, size.height > 0 else { throw .damaged } // libjxl read no header
        let (bytes, overflow) = size.pixels.multipliedReportingOverflow(by: 4)
        guard !overflow, size.pixels <= gate.maxPixels else { throw .tooLarge }
        let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit)
        guard gate.reserve(pixels: size.pixels + (target.map { $0.width * $0.height } ?? 0)) else { throw .cancelled }
        var handedOver = false
        defer { if !handedOver { gate.releaseBudget() } }
        guard let frame = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(size.width), gint(size.height)),
              Int(gdk_pixbuf_get_rowstride(frame)) == size.width * 4 else { throw .tooLarge }
        var pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(frame))
        let status = picture.data.withUnsafeBytes { data in
            jxldecode_rgba(data.bindMemory(to: UInt8.self).baseAddress, data.count, UInt32(size.width), UInt32(size.height),
                           gdk_pixbuf_get_pixels(frame), bytes)
        }
        guard Int(status) == JXLDECODE_OK else { throw .damaged }
        if let target, let scaled = gdk_pixbuf_scale_simple(frame, gint(target.width), gint(target.height), GDK_INTERP_BILINEAR) {
            pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
        }
        handedOver = true
        return PixbufLoading.Loaded(pixbuf: pixbuf, declaredWidth: size.width, declaredHeight: size.height,
                                    budget: gate.takeReservation())
    }
}
