import CColorManagement
import CGtk
import CJPEGRegion
import Foundation
import GObjectSupport

/// Decodes a CMYK JPEG that carries its CMYK profile (print files, stock photos saved by
/// Photoshop) into sRGB through that profile.
///
/// gdk-pixbuf turns CMYK into RGB by plain arithmetic, with no profile: the ink colours come
/// out far too saturated or dull depending on the press the file was made for. Here libjpeg
/// hands over the ink (at the coarsest n/8 scale that still covers the size asked for) and
/// lcms converts it. Anything else (no CMYK profile, progressive CMYK) is left to gdk-pixbuf.
enum CMYKJPEGDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "libjpeg-turbo with lcms2 (CMYK)"

    /// 'CMYK', the ICC colour-space signature.
    private static let cmykSpace: UInt32 = 0x434D_594B

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard picture.facts.cmyk, let profile = picture.facts.colorProfile,
              colormanagement_profile_space(profile, profile.count) == cmykSpace else { return nil }
        let data = picture.data
        var info = jpegregion_info()
        guard read(data, eighths: 8, into: &info), info.cmyk != 0 else { return nil }
        let width = Int(info.width), height = Int(info.height)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= gate.maxPixels else { throw .tooLarge }

        let target = LoaderSizeGate.targetSize(width: width, height: height, fit: gate.fit)
        let eighths = target.map { coarsestScale(width: width, height: height, covering: $0) } ?? 8
        guard read(data, eighths: eighths, into: &info) else { return nil }
        let scaled = PixelSize(width: Int(info.scaled_width), height: Int(info.scaled_height))

        var ink = [UInt8](repeating: 0, count: scaled.pixels * 4)
        let status = decode(data, eighths: eighths, size: scaled, into: &ink, cancellation: gate.cancellation)
        switch Int(status) {
        case JPEGREGION_OK: break
        case JPEGREGION_STOPPED: throw .cancelled
        default: return nil // the whole decode by gdk-pixbuf judges the file
        }
        guard let rgb = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(scaled.width), gint(scaled.height)) else {
            throw .outOfMemory
        }
        var srgbPixels = ObjectReference(taking: UnsafeMutableRawPointer(rgb))
        let converted = colormanagement_cmyk_to_srgb(
            profile, profile.count, ink, scaled.width * 4, info.inverted, gdk_pixbuf_get_pixels(rgb),
            Int(gdk_pixbuf_get_rowstride(rgb)), UInt32(scaled.width), UInt32(scaled.height))
        guard Int(converted) == COLORMANAGEMENT_CONVERTED else { return nil }
        if let target, target.width != scaled.width || target.height != scaled.height,
           let smaller = gdk_pixbuf_scale_simple(rgb, gint(target.width), gint(target.height), GDK_INTERP_BILINEAR) {
            srgbPixels = ObjectReference(taking: UnsafeMutableRawPointer(smaller))
        }
        return DecodedFrame(pixbuf: srgbPixels, declaredWidth: width, declaredHeight: height,
                                    inSRGB: true)
    }

    /// The smallest n/8 at which libjpeg's output still covers `target` on both sides.
    private static func coarsestScale(width: Int, height: Int, covering target: (width: Int, height: Int)) -> Int {
        (1...8).first { eighths in
            (width * eighths + 7) / 8 >= target.width && (height * eighths + 7) / 8 >= target.height
        } ?? 8
    }

    private static func read(_ data: Data, eighths: Int, into info: inout jpegregion_info) -> Bool {
        let status = data.withUnsafeBytes {
            jpegregion_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, UInt32(eighths), &info)
        }
        // The RGB decoder calls CMYK unsupported; the header itself was read.
        return Int(status) == JPEGREGION_OK || Int(status) == JPEGREGION_UNSUPPORTED
    }

    private static func decode(
        _ data: Data, eighths: Int, size: PixelSize, into ink: inout [UInt8], cancellation: DecodeCancellation?
    ) -> Int32 {
        let stop: jpegregion_stop_callback = { DecodeCancellation.stopRequested(context: $0) }
        return data.withUnsafeBytes { bytes in
            ink.withUnsafeMutableBufferPointer { out in
                withExtendedLifetime(cancellation) {
                    jpegregion_decode_cmyk(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt32(eighths), 0, 0,
                                           UInt32(size.width), UInt32(size.height), out.baseAddress, size.width * 4,
                                           cancellation == nil ? nil : stop,
                                           cancellation?.callbackContext)
                }
            }
        }
    }
}
