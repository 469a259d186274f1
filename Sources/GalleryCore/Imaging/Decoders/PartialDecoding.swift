import CGtk
import CJPEGRegion
import Foundation
import GObjectSupport

/// Decodes the start of an image still downloading, for the viewer to draw while the rest
/// arrives: the rows received of a baseline JPEG, every pixel of a progressive JPEG as coarse as
/// its scans so far; of a PNG, its rows or its passes (`PartialPNGDecoding`). Decoded exactly
/// as the whole file will be (`PicturePipeline.stored`: the same scaling, colour management and
/// orientation), so what is drawn now is what stays; rows not received yet are transparent, and
/// the picture beneath (the thumbnail) shows there. In the app this runs in a sandboxed worker
/// (`PicturePipeline.arriving`), like every decode.
enum PartialDecoding {
    /// Formats drawn in part, row by row as they arrive (sniffed from the magic number only).
    static func draws(_ data: Data) -> Bool {
        [.jpeg, .png].contains(format(of: data))
    }

    private static func format(of data: Data) -> ImageFormat? {
        ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength))
    }

    /// Rows a scaler may blend from the row below, left out at the edge of what arrived: the
    /// loader's smooth downscale, and the chroma upsampling of the last received row.
    static let edgeRows = 2

    /// The screen-sized picture of what `received` holds, or nil when nothing can be drawn yet.
    static func decode(_ received: Data, fitting screen: PixelSize, maxPixels: Int) throws(LoadError) -> DecodedImage? {
        guard draws(received), let loaded = try PicturePipeline.arriving(received, screen: screen, maxPixels: maxPixels) else {
            return nil
        }
        let image = try ImageDecoder.makeImage(loaded)
        return DecodedImage(texture: image.texture, sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight,
                            isScreenSized: true)
    }

    /// The same, decoded in this process (a worker's): the upright pixels, or nil.
    static func decodeHere(_ received: Data, fitting screen: PixelSize, maxPixels: Int) throws(LoadError) -> PixbufLoading.Loaded? {
        guard let format = format(of: received), draws(received) else { return nil }
        let complete = !received.withUnsafeBytes { TruncationCheck.isTruncated($0, format: format) }
        if complete { return try PicturePipeline.picture(received, gate: LoaderSizeGate(maxPixels: maxPixels, fit: ImageDecoder.screenFit(screen))) }
        if format == .png { return try PartialPNGDecoding.decode(received, fitting: screen, maxPixels: maxPixels) }
        let facts = PictureFacts.read(received)
        guard let (storedRows, usable) = receivedRows(of: received, facts: facts) else { return nil }
        // An end-of-image marker after what arrived: libjpeg then finishes the picture with empty
        // blocks instead of waiting for bytes that are not there.
        let stored: PicturePipeline.Stored
        do {
            stored = try PicturePipeline.stored(received.prefix(usable) + [0xFF, 0xD9], gate: LoaderSizeGate(maxPixels: maxPixels, fit: ImageDecoder.screenFit(screen)),
                                                known: facts)
        } catch .damaged {
            return nil // this much does not decode yet; more bytes may
        }
        var masked = stored.loaded
        if storedRows.received < storedRows.total {
            masked.pixbuf = try clearing(masked.pixbuf, fromRow: scaledRow(storedRows, in: masked))
            masked.animation = nil
        }
        return try PictureOrientation.upright(masked, orientation: facts.orientation)
    }

    /// Stored rows complete out of all of them, and how many bytes to decode them from; nil
    /// before any can be drawn.
    private static func receivedRows(of received: Data, facts: PictureFacts) -> ((received: Int, total: Int), bytes: Int)? {
        guard let size = facts.size, size.height > 0 else { return nil }
        var rows: UInt32 = 0
        let status = received.withUnsafeBytes {
            jpegregion_received_rows($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &rows)
        }
        switch Int(status) {
        case JPEGREGION_OK:
            let length: Int = received.count
            return rows > 0 ? ((received: Int(rows), total: size.height), bytes: length) : nil
        case JPEGREGION_UNSUPPORTED:
            // Several scans, each over the whole picture: all of it, as fine as the scans that
            // arrived whole (a scan cut off, or the tables before the next, would not decode).
            let end: Int? = received.withUnsafeBytes(JPEGScans.lastCompleteScanEnd)
            return end.map { ((received: size.height, total: size.height), bytes: $0) }
        default:
            return nil
        }
    }

    /// The first decoded row that may hold pixels from beyond what arrived.
    private static func scaledRow(_ rows: (received: Int, total: Int), in loaded: PixbufLoading.Loaded) -> Int {
        let height = Int(gdk_pixbuf_get_height(loaded.pointer))
        return max(0, rows.received * height / rows.total - edgeRows)
    }

    /// A copy with an alpha channel whose rows from `row` down are transparent.
    static func clearing(_ pixbuf: ObjectReference, fromRow row: Int) throws(LoadError) -> ObjectReference {
        let source = OpaquePointer(pixbuf.pointer)
        guard let copy = gdk_pixbuf_add_alpha(source, 0, 0, 0, 0) else { throw .tooLarge }
        let height = Int(gdk_pixbuf_get_height(copy)), stride = Int(gdk_pixbuf_get_rowstride(copy))
        if row < height, let pixels = gdk_pixbuf_get_pixels(copy) {
            memset(pixels + row * stride, 0, (height - row) * stride)
        }
        return ObjectReference(taking: UnsafeMutableRawPointer(copy))
    }
}
