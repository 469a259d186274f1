/// Reads a JPEG's marker structure without decoding it: where its scans end.
enum JPEGScans {
    /// Where the last scan that arrived whole ends: the offset of the marker after its
    /// entropy-coded data (in which every 0xFF is followed by 0x00, a stuffed byte, by a restart
    /// marker D0–D7, or by more 0xFF fill). Nil while the first scan is still arriving. Of a
    /// progressive JPEG, the bytes up to there are the whole picture as fine as those scans.
    static func lastCompleteScanEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 2 // after SOI
        var lastEnd: Int?
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return lastEnd }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return lastEnd }
            index += 2 + length
            guard marker == 0xDA else { continue }
            guard let end = endOfEntropyData(in: bytes, from: index) else { return lastEnd }
            lastEnd = end
            index = end
        }
        return lastEnd
    }

    private static func endOfEntropyData(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00 && next != 0xFF && !(0xD0...0xD7).contains(next) { return index }
            }
            index += 1
        }
        return nil
    }
}
