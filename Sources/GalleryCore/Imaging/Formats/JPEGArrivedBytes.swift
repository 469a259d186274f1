import CJPEGRegion
import Foundation

/// The arrived bytes of a JPEG made whole (`ArrivedBytesCompletion`): the rows received of a
/// baseline JPEG (counted by libjpeg), or every pixel of a progressive one as coarse as its
/// scans so far, with an end-of-image marker after them, so libjpeg finishes the picture with
/// empty blocks instead of waiting for bytes that are not there. The format's whole decoders
/// read it with the same scaling as the whole file, so what is drawn now is what stays; the
/// rows past those received are left for the pipeline to clear.
enum JPEGArrivedBytes: ArrivedBytesCompletion {
    /// The loader's smooth downscale, and the chroma upsampling of the last received row, may
    /// blend from the row below.
    static let edgeRows = 2

    static func completed(_ picture: OpenedPicture) -> CompletedArrival? {
        guard let (rows, usable) = receivedRows(of: picture) else { return nil }
        return CompletedArrival(picture: OpenedPicture(completing: picture, with: picture.data.prefix(usable) + [0xFF, 0xD9]),
                                receivedRows: rows.received, totalRows: rows.total, edgeRows: edgeRows)
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
