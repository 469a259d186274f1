import Foundation

/// The Orientation tag (0x0112) of an EXIF block — a TIFF header and its first directory, as a
/// JPEG's APP1 (after "Exif\0\0"), a PNG's `eXIf` or a WebP's `EXIF` chunk holds it — read and
/// set in place, so a turned copy keeps every other byte of what the camera wrote. A
/// hand-written reader of untrusted bytes: runs only in the sandboxed worker, bounded at every
/// read (`ByteReader`), and fuzzed (`fuzz-readers`).
enum ExifOrientationTag {
    private static let tag = 0x0112
    private static let shortType = 3

    /// Where the tag's 2-byte value lies in `exif`, and whether it is big-endian; nil when the
    /// first directory has no orientation of one SHORT.
    static func valueOffset(in exif: UnsafeRawBufferPointer) -> (offset: Int, bigEndian: Bool)? {
        let reader = ByteReader(bytes: exif)
        let bigEndian: Bool
        if reader.matches("MM", at: 0) { bigEndian = true } else if reader.matches("II", at: 0) { bigEndian = false } else { return nil }
        func read(_ offset: Int, _ length: Int) -> Int? {
            bigEndian ? reader.bigEndian(offset, length) : reader.littleEndian(offset, length)
        }
        guard read(2, 2) == 42, let directory = read(4, 4), let count = read(directory, 2) else { return nil }
        for index in 0..<min(count, 1024) {
            let entry = directory + 2 + 12 * index
            guard let entryTag = read(entry, 2) else { return nil }
            guard entryTag == tag else { continue }
            guard read(entry + 2, 2) == shortType, read(entry + 4, 4) == 1, read(entry + 8, 2) != nil else { return nil }
            return (entry + 8, bigEndian)
        }
        return nil
    }

    /// The orientation `exif` says (1–8), or nil when it says none.
    static func orientation(in exif: Data) -> Int? {
        exif.withUnsafeBytes { bytes -> Int? in
            guard let (offset, bigEndian) = valueOffset(in: bytes) else { return nil }
            let reader = ByteReader(bytes: bytes)
            let value = bigEndian ? reader.bigEndian(offset, 2) : reader.littleEndian(offset, 2)
            return value.flatMap { (1...8).contains($0) ? $0 : nil }
        }
    }

    /// `exif` with its orientation set to `orientation` (1–8); nil when it has no orientation tag
    /// to set.
    static func setting(_ orientation: Int, in exif: Data) -> Data? {
        guard (1...8).contains(orientation) else { return nil }
        var copy = Data(exif) // indices from 0
        guard let (offset, bigEndian) = copy.withUnsafeBytes({ valueOffset(in: $0) }) else { return nil }
        copy[offset] = bigEndian ? 0 : UInt8(orientation)
        copy[offset + 1] = bigEndian ? UInt8(orientation) : 0
        return copy
    }

    /// The smallest EXIF block that says `orientation`: a big-endian TIFF header and one
    /// directory of one entry.
    static func minimal(orientation: Int) -> Data {
        Data([0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, // "MM", 42, first directory at 8
              0x00, 0x01, // one entry
              0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(clamping: orientation), 0x00, 0x00,
              0x00, 0x00, 0x00, 0x00]) // no next directory
    }
}
