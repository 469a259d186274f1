import Foundation

/// Where a picture file keeps its EXIF block (a TIFF header and its directories): a JPEG's APP1
/// segment after "Exif\0\0", a PNG's `eXIf` chunk, a WebP's `EXIF` chunk. Found by walking the
/// file's segments or chunks, every length checked against the bytes; like every reader of
/// picture bytes, in the sandboxed worker only, and fuzzed (`fuzz-readers`).
struct ExifBlock: Equatable {
    /// The EXIF bytes' place in the file.
    let range: Range<Int>

    static let jpegSignature = Array("Exif".utf8) + [0, 0]

    static func find(in data: Data, format: ImageFormat) -> ExifBlock? {
        data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            switch format {
            case .jpeg: return inJPEG(reader)
            case .png: return inPNG(reader)
            case .webp: return inWebP(reader)
            default: return nil
            }
        }
    }

    /// The first APP1 segment that starts with "Exif\0\0", before the first scan.
    private static func inJPEG(_ reader: ByteReader) -> ExifBlock? {
        var offset = 2 // after SOI
        while let marker = reader.uint8(offset + 1), reader.uint8(offset) == 0xFF, marker != 0xDA, marker != 0xD9 {
            guard let length = reader.bigEndian(offset + 2, 2), length >= 2 else { return nil }
            let start = offset + 4, end = offset + 2 + length
            guard end <= reader.bytes.count else { return nil }
            // The signature inside the segment itself (a segment shorter than it is not EXIF).
            if marker == 0xE1, end - start >= jpegSignature.count, reader.slice(start, jpegSignature.count) == jpegSignature {
                return ExifBlock(range: start + jpegSignature.count..<end)
            }
            offset = end
        }
        return nil
    }

    /// The `eXIf` chunk (anywhere; the specification asks for it before the pixels).
    private static func inPNG(_ reader: ByteReader) -> ExifBlock? {
        var offset = 8 // after the signature
        while let length = reader.bigEndian(offset, 4) {
            let start = offset + 8
            let (end, overflow) = start.addingReportingOverflow(length)
            guard !overflow, end + 4 <= reader.bytes.count else { return nil }
            if reader.matches("eXIf", at: offset + 4) { return ExifBlock(range: start..<end) }
            if reader.matches("IEND", at: offset + 4) { return nil }
            offset = end + 4 // past the CRC
        }
        return nil
    }

    /// The RIFF `EXIF` chunk of a WebP (some writers put "Exif\0\0" first: skipped).
    private static func inWebP(_ reader: ByteReader) -> ExifBlock? {
        var offset = 12 // after "RIFF", its size, "WEBP"
        while let length = reader.littleEndian(offset + 4, 4) {
            let start = offset + 8
            let (end, overflow) = start.addingReportingOverflow(length)
            guard !overflow, end <= reader.bytes.count else { return nil }
            if reader.matches("EXIF", at: offset) {
                let skip = end - start >= jpegSignature.count && reader.slice(start, jpegSignature.count) == jpegSignature
                    ? jpegSignature.count : 0
                return ExifBlock(range: start + skip..<end)
            }
            offset = end + (length & 1) // chunks are padded to even lengths
        }
        return nil
    }
}
