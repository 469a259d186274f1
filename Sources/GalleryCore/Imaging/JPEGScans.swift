/// Reads a JPEG's marker structure without decoding it: where its scans end.
enum JPEGScans {
    /// True when the first scan (a progressive JPEG's DC scan: the whole picture, coarsely) has
    /// arrived whole: another marker follows its entropy-coded data. Inside that data every 0xFF
    /// is followed by 0x00 (a stuffed byte), a restart marker (D0–D7) or more 0xFF fill.
    static func firstScanIsComplete(in bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 2 // after SOI
        // Marker segments up to the first start of scan.
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return false }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return false }
            index += 2 + length
            if marker == 0xDA { break }
        }
        guard index < bytes.count else { return false }
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00 && next != 0xFF && !(0xD0...0xD7).contains(next) { return true }
            }
            index += 1
        }
        return false
    }
}
