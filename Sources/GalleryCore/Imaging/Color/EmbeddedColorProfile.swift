import CColorManagement
import Foundation

/// Finds the ICC profile a picture file carries, in each format's own place: JPEG `APP2`
/// segments (a profile over 64 KB is split over several, numbered), the PNG `iCCP` chunk
/// (zlib-compressed), the WebP `ICCP` chunk, the TIFF `InterColorProfile` tag (34675), the GIF
/// `ICCRGBG1` application extension, and the HEIF/AVIF `colr` property. Bounded: at most `maxBytes`, and only the headers are walked.
///
/// gdk-pixbuf hands over only the JPEG and PNG profiles, only from its own loaders, and never
/// applies them; the region and row-by-row decoders read the files themselves. One reader for
/// all of them keeps every path seeing the same profile.
enum EmbeddedColorProfile {
    static let maxBytes = Int(COLORMANAGEMENT_MAX_PROFILE_BYTES)

    /// The profile's bytes, or nil for an untagged picture (or a profile that is not whole).
    static func of(_ data: Data, format: ImageFormat) -> [UInt8]? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [UInt8]? in
            let reader = ByteReader(bytes: raw)
            let profile: [UInt8]?
            switch format {
            case .jpeg: profile = jpeg(reader)
            case .png: profile = png(reader)
            case .webp: profile = webp(reader)
            case .tiff: profile = tiff(reader)
            case .gif: profile = gif(reader)
            case .heif, .avif: profile = ISOMediaImageInfo.read(raw)?.iccProfile
            default: profile = nil
            }
            guard let profile, profile.count >= 132, profile.count <= maxBytes else { return nil }
            return profile
        }
    }

    /// `APP2` segments starting "ICC_PROFILE\0", each with its sequence number (from 1) and the
    /// count, joined in order; all of them must be there.
    private static func jpeg(_ reader: ByteReader) -> [UInt8]? {
        var chunks: [Int: [UInt8]] = [:]
        var expected = 0
        var offset = 2
        while let marker = reader.bigEndian(offset, 2), marker >> 8 == 0xFF {
            let code = marker & 0xFF
            if code == 0xFF { offset += 1; continue } // fill byte
            if code == 0xD8 || (0xD0...0xD7).contains(code) || code == 0x01 { offset += 2; continue }
            if code == 0xDA || code == 0xD9 { break } // the scan: no more headers
            guard let length = reader.bigEndian(offset + 2, 2), length >= 2 else { return nil }
            if code == 0xE2, length >= 16, reader.matches("ICC_PROFILE\0", at: offset + 4),
               let sequence = reader.uint8(offset + 16), let count = reader.uint8(offset + 17),
               let chunk = reader.slice(offset + 18, length - 16) {
                expected = count
                chunks[sequence] = chunk
            }
            offset += 2 + length
        }
        guard expected > 0, chunks.count == expected else { return nil }
        var profile: [UInt8] = []
        for sequence in 1...expected {
            guard let chunk = chunks[sequence], profile.count + chunk.count <= maxBytes else { return nil }
            profile += chunk
        }
        return profile
    }

    /// The `iCCP` chunk (before the image data): a name, a NUL, compression method 0, zlib data.
    private static func png(_ reader: ByteReader) -> [UInt8]? {
        var offset = 8
        while let length = reader.bigEndian(offset, 4) {
            if reader.matches("IDAT", at: offset + 4) || reader.matches("IEND", at: offset + 4) { return nil }
            if reader.matches("iCCP", at: offset + 4), let chunk = reader.slice(offset + 8, length),
               let nul = chunk.prefix(80).firstIndex(of: 0), nul + 2 < chunk.count, chunk[nul + 1] == 0 {
                return inflate(Array(chunk[(nul + 2)...]))
            }
            offset += 12 + length
        }
        return nil
    }

    /// RIFF chunks after "WEBP": `ICCP` holds the profile as it is.
    private static func webp(_ reader: ByteReader) -> [UInt8]? {
        var offset = 12
        while let length = reader.littleEndian(offset + 4, 4) {
            if reader.matches("ICCP", at: offset) { return reader.slice(offset + 8, length) }
            if reader.matches("VP8 ", at: offset) || reader.matches("VP8L", at: offset) { return nil } // image data
            offset += 8 + length + (length & 1) // chunks are padded to even sizes
        }
        return nil
    }

    /// Tag 34675 of the first IFD: its bytes are at the offset the entry gives.
    private static func tiff(_ reader: ByteReader) -> [UInt8]? {
        guard let order = reader.uint8(0) else { return nil }
        let little = order == 0x49
        func read(_ offset: Int, _ length: Int) -> Int? {
            little ? reader.littleEndian(offset, length) : reader.bigEndian(offset, length)
        }
        guard let ifd = read(4, 4), let entries = read(ifd, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let base = ifd + 2 + entry * 12
            guard let tag = read(base, 2) else { return nil }
            guard tag == 34675, let count = read(base + 4, 4), count > 4, let start = read(base + 8, 4) else { continue }
            return reader.slice(start, count)
        }
        return nil
    }

    /// The `ICCRGBG1012` application extension before the first image: its sub-blocks, joined.
    private static func gif(_ reader: ByteReader) -> [UInt8]? {
        guard let packed = reader.uint8(10) else { return nil }
        var offset = 13 + (packed & 0x80 != 0 ? 3 << ((packed & 7) + 1) : 0) // after the global colour table
        while reader.uint8(offset) == 0x21, let label = reader.uint8(offset + 1) {
            offset += 2
            if label == 0xFF, reader.uint8(offset) == 11, reader.matches("ICCRGBG1012", at: offset + 1) {
                return gifSubBlocks(reader, from: offset + 12)
            }
            while let length = reader.uint8(offset), length > 0 { offset += 1 + length }
            offset += 1 // the empty sub-block that ends the extension
        }
        return nil // an image (0x2C) came first, or the file ended
    }

    private static func gifSubBlocks(_ reader: ByteReader, from start: Int) -> [UInt8]? {
        var joined: [UInt8] = [], offset = start
        while let length = reader.uint8(offset), length > 0 {
            guard let block = reader.slice(offset + 1, length), joined.count + length <= maxBytes else { return nil }
            joined += block
            offset += 1 + length
        }
        return joined
    }

    private static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
        var profile = [UInt8](repeating: 0, count: maxBytes)
        let length = colormanagement_inflate(compressed, compressed.count, &profile, profile.count)
        guard length > 0 else { return nil }
        profile.removeSubrange(length...)
        return profile
    }
}
