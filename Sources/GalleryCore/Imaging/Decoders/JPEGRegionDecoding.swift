import CGtk
import CJPEGRegion
import Foundation
import GObjectSupport

/// The clip ability of baseline JPEGs: decodes only the stored rectangle a zoom shows, at the
/// n/8 scale the pipeline chose (the coarsest as fine as the screen).
///
/// gdk-pixbuf can only decode a whole JPEG: zooming a 50-megapixel photo to 100 % cost its
/// 150 MB of pixels. libjpeg-turbo decodes one rectangle (the rows above it entropy-decoded
/// only, the rows below not read), so the cost follows the viewport: a 1920×1080 window at 100 %
/// with its margin is about 25 MB, and a 3840×2160 region of that photo decodes in about
/// 0.4× the time of the whole (BENCHMARKS.md).
///
/// Progressive and other multi-scan JPEGs (libjpeg keeps every coefficient of the whole image
/// for them), CMYK and anything libjpeg refuses return nil: the pipeline decodes those whole,
/// and that decode alone says whether a file is damaged. The pipeline maps the clip to the
/// stored picture, converts the colour and turns the pixels upright, as for every request.
enum JPEGRegionDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .clip
    static let library = "libjpeg-turbo"

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard let clip = request.clip, !picture.facts.progressive, !picture.facts.cmyk else { return nil }
        let data = picture.data
        var info = jpegregion_info()
        let status = data.withUnsafeBytes {
            jpegregion_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, UInt32(clip.eighths), &info)
        }
        guard Int(status) == JPEGREGION_OK,
              PixelSize(width: Int(info.scaled_width), height: Int(info.scaled_height)) == clip.scaledSize else { return nil }
        let rect = clip.rect
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(rect.width), gint(rect.height)) else { throw .outOfMemory }
        let reference = ObjectReference(taking: UnsafeMutableRawPointer(pixbuf))
        switch Int(decode(data, eighths: clip.eighths, rect: rect, into: pixbuf, cancellation: gate.cancellation)) {
        case JPEGREGION_OK: break
        case JPEGREGION_STOPPED: throw .cancelled
        // Whatever else this decoder cannot do (or libjpeg refused) is the whole decode's to
        // judge: only it may call a file damaged, which drops the cached copy.
        default: return nil
        }
        return DecodedFrame(pixbuf: reference, declaredWidth: Int(info.width), declaredHeight: Int(info.height))
    }

    private static func decode(
        _ data: Data, eighths: Int, rect: PixelRect, into pixbuf: OpaquePointer, cancellation: DecodeCancellation?
    ) -> Int32 {
        let stop: jpegregion_stop_callback = { DecodeCancellation.stopRequested(context: $0) }
        let pixels = gdk_pixbuf_get_pixels(pixbuf)
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        return data.withUnsafeBytes { bytes in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress
            return withExtendedLifetime(cancellation) {
                jpegregion_decode(base, bytes.count, UInt32(eighths), UInt32(rect.x), UInt32(rect.y),
                                  UInt32(rect.width), UInt32(rect.height), pixels, stride,
                                  cancellation == nil ? nil : stop,
                                  cancellation?.callbackContext)
            }
        }
    }
}
