import Foundation

/// The ICC profile of a GIF: its `ICCRGBG1012` application extension before the first image,
/// its sub-blocks joined. Read by hand, as no library at hand reads it (gdk-pixbuf's GIF loader
/// is its own and skips it); bounded by `PictureFacts.profileBytes`, fuzzed (`fuzz-readers`).
enum GIFColorProfile {
    static func of(_ data: Data) -> [UInt8]? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [UInt8]? in
            let reader = ByteReader(bytes: raw)
            guard let packed = reader.uint8(10) else { return nil }
            var offset = 13 + (packed & 0x80 != 0 ? 3 << ((packed & 7) + 1) : 0) // after the global colour table
            while reader.uint8(offset) == 0x21, let label = reader.uint8(offset + 1) {
                offset += 2
                if label == 0xFF, reader.uint8(offset) == 11, reader.matches("ICCRGBG1012", at: offset + 1) {
                    return subBlocks(reader, from: offset + 12).flatMap { PictureFacts.profileBytes.contains($0.count) ? $0 : nil }
                }
                while let length = reader.uint8(offset), length > 0 { offset += 1 + length }
                offset += 1 // the empty sub-block that ends the extension
            }
            return nil // an image (0x2C) came first, or the file ended
        }
    }

    private static func subBlocks(_ reader: ByteReader, from start: Int) -> [UInt8]? {
        var joined: [UInt8] = [], offset = start
        while let length = reader.uint8(offset), length > 0 {
            guard let block = reader.slice(offset + 1, length), joined.count + length <= PictureFacts.profileBytes.upperBound
            else { return nil }
            joined += block
            offset += 1 + length
        }
        return joined
    }
}
