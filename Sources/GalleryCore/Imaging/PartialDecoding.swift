import CGtk
import CJPEGRegion
import Foundation
import GObjectSupport

/// Decodes the start of an image still downloading, for the viewer to draw while the rest
/// arrives: the rows received of a baseline JPEG, every pixel of a progressive JPEG as coarse as
/// its scans so far. Decoded exactly as the whole file will be (`ImageDecoder.loadForScreen`:
/// the same scaling, colour management and orientation), so what is drawn now is what stays;
/// rows not received yet are transparent, and the picture beneath (the thumbnail) shows there.
enum PartialDecoding {
    /// Formats drawn in part: those decoded in this process, row by row as they arrive.
    static func draws(_ data: Data) -> Bool {
        ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength)) == .jpeg
    }

    /// Rows a scaler may blend from the row below, left out at the edge of what arrived: the
    /// loader's smooth downscale, and the chroma upsampling of the last received row.
    static let edgeRows = 2

    /// The screen-sized picture of what `received` holds, or nil when nothing can be drawn yet.
    static func decode(_ received: Data, fitting screen: PixelSize, maxPixels: Int) throws(ImageLoadError) -> DecodedImage? {
        guard draws(received) else { return nil }
        let complete = !received.withUnsafeBytes { TruncationCheck.isTruncated($0, format: .jpeg) }
        if complete { return try ImageDecoder.original(from: received, fitting: screen, maxPixels: maxPixels) }
        guard let storedRows = receivedRows(of: received) else { return nil }
        // An end-of-image marker after what arrived: libjpeg then finishes the picture with empty
        // blocks instead of waiting for bytes that are not there.
        let loaded = try ImageDecoder.loadForScreen(received + [0xFF, 0xD9], screen: screen, maxPixels: maxPixels)
        let masked = storedRows.received < storedRows.total
            ? try clearing(loaded, fromRow: scaledRow(storedRows, in: loaded)) : loaded
        let image = try ImageDecoder.makeImage(ImageDecoder.orient(masked))
        return DecodedImage(texture: image.texture, sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight,
                            isScreenSized: true)
    }

    /// Stored rows complete out of all of them; nil before any can be drawn.
    private static func receivedRows(of received: Data) -> (received: Int, total: Int)? {
        guard let size = ImageHeaderSize.declaredSize(of: received), size.height > 0 else { return nil }
        var rows: UInt32 = 0
        let status = received.withUnsafeBytes {
            jpegregion_received_rows($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &rows)
        }
        switch Int(status) {
        case JPEGREGION_OK:
            return rows > 0 ? (Int(rows), size.height) : nil
        case JPEGREGION_UNSUPPORTED:
            // Several scans, each over the whole picture: all of it, coarsely, after the first.
            return received.withUnsafeBytes(JPEGScans.firstScanIsComplete) ? (size.height, size.height) : nil
        default:
            return nil
        }
    }

    /// The first decoded row that may hold pixels from beyond what arrived.
    private static func scaledRow(_ rows: (received: Int, total: Int), in loaded: PixbufLoading.Loaded) -> Int {
        let height = Int(gdk_pixbuf_get_height(loaded.pointer))
        return max(0, rows.received * height / rows.total - edgeRows)
    }

    /// A copy with an alpha channel whose rows from `row` down are transparent. The loader's
    /// options (the EXIF orientation) go with it.
    private static func clearing(_ loaded: PixbufLoading.Loaded, fromRow row: Int) throws(ImageLoadError) -> PixbufLoading.Loaded {
        guard let copy = gdk_pixbuf_add_alpha(loaded.pointer, 0, 0, 0, 0) else { throw .tooLarge }
        _ = gdk_pixbuf_copy_options(loaded.pointer, copy)
        let height = Int(gdk_pixbuf_get_height(copy)), stride = Int(gdk_pixbuf_get_rowstride(copy))
        if row < height, let pixels = gdk_pixbuf_get_pixels(copy) {
            memset(pixels + row * stride, 0, (height - row) * stride)
        }
        return PixbufLoading.Loaded(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(copy)),
                                    declaredWidth: loaded.declaredWidth, declaredHeight: loaded.declaredHeight,
                                    budget: loaded.budget)
    }
}
