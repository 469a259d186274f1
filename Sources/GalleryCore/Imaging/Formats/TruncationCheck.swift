/// Detects JPEG, PNG and BMP files that were cut off.
///
/// gdk-pixbuf's loaders close without error on a truncated JPEG or PNG and hand back a picture
/// whose missing part is grey or transparent; as a thumbnail that looks like a broken image that
/// is "fine". Both formats have an unambiguous end: a JPEG's entropy-coded data escapes every
/// 0xFF, so the EOI marker (FF D9) cannot occur by accident after the first scan; a PNG ends
/// with the IEND chunk. Trailing data after the end (motion photos append a video) is allowed.
enum TruncationCheck {
    /// True for the formats whose cut is seen here. For the others a whole file is taken as
    /// whole (their decoders say when one is cut), and a download still arriving as partial.
    static func seesTheEnd(of format: ImageFormat) -> Bool { [.jpeg, .png, .bmp].contains(format) }

    static func isTruncated(_ bytes: UnsafeRawBufferPointer, format: ImageFormat?) -> Bool {
        switch format {
        case .jpeg:
            guard let scan = firstIndex(of: [0xFF, 0xDA], in: bytes) else { return true }
            return lastIndex(of: [0xFF, 0xD9], in: bytes, notBefore: scan) == nil
        case .png:
            return lastIndex(of: Array("IEND".utf8), in: bytes, notBefore: 8) == nil
        case .bmp:
            return bmpPointsPastItsEnd(bytes)
        default:
            return false
        }
    }

    /// A BMP declares where its pixels start (bfOffBits), how many bytes they take (biSizeImage)
    /// and how many palette entries follow its headers (biClrUsed). Pointing past the end of the
    /// file means it was cut off — and gdk-pixbuf's BMP loader allocates what these fields say
    /// before reading a pixel (2 GB for a 63-byte file; found by fuzzing, kept in
    /// Fuzz/corpus/sniffer).
    private static func bmpPointsPastItsEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        func uint32(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 18 else { return true }
        let pixelOffset = uint32(at: 10)
        guard pixelOffset <= bytes.count else { return true }
        let headerSize = uint32(at: 14)
        guard headerSize >= 40, bytes.count >= 50 else { return false }
        // The palette (biClrUsed entries of 4 bytes) follows the headers; the loader allocates it
        // as declared, so a count that cannot fit in the file is refused the same way.
        let paletteEnd = 14 + headerSize + 4 * min(uint32(at: 46), Int(Int32.max))
        return uint32(at: 34) > bytes.count - pixelOffset || paletteEnd > bytes.count
    }

    private static func matches(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        needle.indices.allSatisfy { bytes[index + $0] == needle[$0] }
    }

    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0] == needle[0] && matches(needle, in: bytes, at: $0) }
    }

    /// Searches backwards: intact files end with the marker, so this usually stops at once.
    private static func lastIndex(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, notBefore start: Int) -> Int? {
        guard bytes.count - needle.count >= start else { return nil }
        return stride(from: bytes.count - needle.count, through: start, by: -1)
            .first { bytes[$0] == needle[0] && matches(needle, in: bytes, at: $0) }
    }
}
