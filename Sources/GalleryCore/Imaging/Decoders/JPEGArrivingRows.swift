import CGtk
import CJPEGRegion
import Foundation

/// The partial-bytes ability of JPEGs: the rows received of a baseline JPEG (counted by
/// libjpeg), or every pixel of a progressive one as coarse as its scans so far. What arrived,
/// with an end-of-image marker after it, is decoded by the format's whole decoders (the same
/// scaling as the whole file, so what is drawn now is what stays); the rows past those received
/// are left for the pipeline to clear.
enum JPEGArrivingRows: PictureDecoder {
    static let abilities: DecoderAbilities = .partialBytes
    static let library = "libjpeg-turbo (rows received)"

    /// Rows a scaler may blend from the row below, left out at the edge of what arrived: the
    /// loader's smooth downscale, and the chroma upsampling of the last received row.
    static let edgeRows = 2

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard let (storedRows, usable) = receivedRows(of: picture) else { return nil }
        // An end-of-image marker after what arrived: libjpeg then finishes the picture with
        // empty blocks instead of waiting for bytes that are not there.
        let completed = OpenedPicture(completing: picture, with: picture.data.prefix(usable) + [0xFF, 0xD9])
        var loaded: DecodedFrame
        do {
            guard let whole = try context.nested(completed, gate) else { return nil }
            loaded = whole
        } catch .damaged {
            return nil // this much does not decode yet; more bytes may
        }
        if storedRows.received < storedRows.total {
            let height = Int(gdk_pixbuf_get_height(loaded.pointer))
            loaded.rowsFinal = max(0, storedRows.received * height / storedRows.total - edgeRows)
        }
        return loaded
    }

    /// Stored rows complete out of all of them, and how many bytes to decode them from; nil
    /// before any can be drawn.
    private static func receivedRows(of picture: OpenedPicture) -> ((received: Int, total: Int), bytes: Int)? {
        guard let size = picture.facts.size, size.height > 0 else { return nil }
        let received = picture.data
        var rows: UInt32 = 0
        let status = received.withUnsafeBytes {
            jpegregion_received_rows($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &rows)
        }
        switch Int(status) {
        case JPEGREGION_OK:
            let length: Int = received.count
            return rows > 0 ? ((received: min(Int(rows), size.height), total: size.height), bytes: length) : nil
        case JPEGREGION_UNSUPPORTED:
            // Several scans, each over the whole picture: all of it, as fine as the scans that
            // arrived whole (a scan cut off, or the tables before the next, would not decode).
            let end: Int? = received.withUnsafeBytes(JPEGScans.lastCompleteScanEnd)
            return end.map { ((received: size.height, total: size.height), bytes: $0) }
        default:
            return nil
        }
    }
}
