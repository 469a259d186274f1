/// Reads a JPEG's EXIF orientation tag before decoding, so a photo stored sideways is scaled
/// into a turned box while it decodes (gdk-pixbuf only reports the tag after decoding).
enum ExifOrientation {
    /// The orientation (1–8) of a JPEG, or nil when there is none or the bytes are not a JPEG.
    /// Reads only the markers before the image data; bounded by the data's length.
    static func of(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            // Start of scan or end of image: no EXIF came before the pixels.
            if marker == 0xDA || marker == 0xD9 || length < 2 { return nil }
            let segment = offset + 4, end = min(bytes.count, offset + 2 + length)
            if marker == 0xE1, end - segment > 14,
               Array(bytes[segment..<segment + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] { // "Exif\0\0"
                return tiffOrientation(bytes, start: segment + 6, end: end)
            }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation entry (tag 0x0112) of the first IFD of a TIFF header at `start`.
    private static func tiffOrientation(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> Int? {
        let littleEndian = bytes[start] == 0x49 // "II"; "MM" is big-endian
        func read16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= end else { return nil }
            let a = Int(bytes[at]), b = Int(bytes[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func read32(_ at: Int) -> Int? {
            guard let low = read16(littleEndian ? at : at + 2), let high = read16(littleEndian ? at + 2 : at) else {
                return nil
            }
            return low | high << 16
        }
        guard let ifd = read32(start + 4), let count = read16(start + ifd) else { return nil }
        for entry in 0..<min(count, 256) {
            let at = start + ifd + 2 + entry * 12
            guard let tag = read16(at) else { return nil }
            if tag == 0x0112 { return read16(at + 8).flatMap { (1...8).contains($0) ? $0 : nil } }
        }
        return nil
    }
}
