import CGtk
import CJPEGRegion
import Foundation
import GObjectSupport

/// Decodes only the region of a baseline JPEG that a zoom shows, at the coarsest JPEG scale
/// (n/8, chosen while decoding) that is as fine as the screen.
///
/// gdk-pixbuf can only decode a whole JPEG: zooming a 50-megapixel photo to 100 % cost its
/// 150 MB of pixels. libjpeg-turbo decodes one rectangle (the rows above it entropy-decoded
/// only, the rows below not read), so the cost follows the viewport: a 1920×1080 window at 100 %
/// with its margin is about 25 MB, and a 3840×2160 region of that photo decodes in about
/// 0.4× the time of the whole (BENCHMARKS.md).
///
/// Progressive and other multi-scan JPEGs (libjpeg keeps every coefficient of the whole image
/// for them), CMYK, anything libjpeg refuses and anything not a JPEG return nil: the caller
/// decodes those whole, and that decode alone says whether a file is damaged.
enum JPEGRegionDecoding {
    /// The pixels of `region` (grown to whole pixels at the chosen scale, within the image),
    /// upright, or nil when this decoder does not handle the data. The gate bounds the stored
    /// image's declared size, and gives the decode budget and cancellation, as for every decode.
    static func decode(
        _ data: Data, facts: PictureFacts, region: DetailRegion, gate: LoaderSizeGate
    ) throws(LoadError) -> FullDetailImage.Pixels? {
        guard facts.format == .jpeg, !facts.progressive, !facts.cmyk else { return nil }
        let eighths = region.scaleEighths
        var info = jpegregion_info()
        let status = data.withUnsafeBytes {
            jpegregion_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, UInt32(eighths), &info)
        }
        guard Int(status) == JPEGREGION_OK else { return nil }
        let (pixels, overflow) = Int(info.width).multipliedReportingOverflow(by: Int(info.height))
        guard info.width > 0, info.height > 0, !overflow, pixels <= gate.maxPixels else { throw .tooLarge }

        let orientation = facts.orientation
        let stored = PixelSize(width: Int(info.scaled_width), height: Int(info.scaled_height))
        let turns = (5...8).contains(orientation)
        let upright = turns ? stored.swapped : stored
        let source = turns ? PixelSize(width: Int(info.height), height: Int(info.width))
            : PixelSize(width: Int(info.width), height: Int(info.height))
        let scale = Double(eighths) / 8
        // The region in upright pixels at this scale, grown outwards to whole pixels.
        let left = min(upright.width - 1, max(0, Int((region.x * scale).rounded(.down))))
        let top = min(upright.height - 1, max(0, Int((region.y * scale).rounded(.down))))
        let right = max(left + 1, min(upright.width, Int(((region.x + region.width) * scale).rounded(.up))))
        let bottom = max(top + 1, min(upright.height, Int(((region.y + region.height) * scale).rounded(.up))))
        let wanted = Rect(x: left, y: top, width: right - left, height: bottom - top)
        let storedRect = wanted.stored(orientation: orientation, storedSize: stored)

        // Held while decoding, like a whole decode's share: the pixels are the viewer's after.
        guard gate.reserve(pixels: storedRect.width * storedRect.height) else { throw .cancelled }
        defer { gate.releaseBudget() }
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(storedRect.width), gint(storedRect.height))
        else { throw .tooLarge }
        let reference = ObjectReference(taking: UnsafeMutableRawPointer(pixbuf))
        let result = decode(data, eighths: eighths, rect: storedRect, into: pixbuf, cancellation: gate.cancellation)
        switch Int(result) {
        case JPEGREGION_OK: break
        case JPEGREGION_STOPPED: throw .cancelled
        // Whatever else this decoder cannot do (or libjpeg refused) is the whole decode's to
        // judge: only it may call a file damaged, which drops the cached copy.
        default: return nil
        }
        if let profile = facts.colorProfile {
            ColorProfileConversion.convert(pixbuf, from: profile) // as the whole decode does
        }
        guard let uprightPixels = PictureOrientation.upright(reference, orientation: orientation) else { throw .tooLarge }
        return FullDetailImage.Pixels(pixbuf: uprightPixels, imageSize: source, origin: (wanted.x, wanted.y), scale: scale)
    }

    /// A rectangle in pixels.
    struct Rect: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        /// Where this upright rectangle lies in the stored image that EXIF `orientation` turns
        /// upright (TIFF orientation values: 2 mirrors, 3 turns 180°, 6 turns 90° clockwise, …).
        func stored(orientation: Int, storedSize size: PixelSize) -> Rect {
            switch orientation {
            case 2: Rect(x: size.width - x - width, y: y, width: width, height: height)
            case 3: Rect(x: size.width - x - width, y: size.height - y - height, width: width, height: height)
            case 4: Rect(x: x, y: size.height - y - height, width: width, height: height)
            case 5: Rect(x: y, y: x, width: height, height: width)
            case 6: Rect(x: y, y: size.height - x - width, width: height, height: width)
            case 7: Rect(x: size.width - y - height, y: size.height - x - width, width: height, height: width)
            case 8: Rect(x: size.width - y - height, y: x, width: height, height: width)
            default: self
            }
        }
    }

    private static func decode(
        _ data: Data, eighths: Int, rect: Rect, into pixbuf: OpaquePointer, cancellation: DecodeCancellation?
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
