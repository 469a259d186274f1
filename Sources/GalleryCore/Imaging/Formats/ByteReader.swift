/// Bounds-checked reads of big- and little-endian integers from untrusted bytes: every read
/// past the end is nil, never a trap.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    func uint8(_ offset: Int) -> Int? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return Int(bytes[offset])
    }

    func bigEndian(_ offset: Int, _ length: Int) -> Int? {
        guard offset >= 0, length <= 8, offset <= bytes.count - length else { return nil }
        return (0..<length).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    func littleEndian(_ offset: Int, _ length: Int) -> Int? {
        guard offset >= 0, length <= 8, offset <= bytes.count - length else { return nil }
        return (0..<length).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    /// True when the bytes at `offset` are `ascii`.
    func matches(_ ascii: String, at offset: Int) -> Bool {
        let expected = Array(ascii.utf8)
        guard offset >= 0, offset <= bytes.count - expected.count else { return false }
        return expected.indices.allSatisfy { bytes[offset + $0] == expected[$0] }
    }

    /// A copy of `length` bytes at `offset`, or nil when they are not all there.
    func slice(_ offset: Int, _ length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, offset <= bytes.count - length else { return nil }
        return Array(bytes[offset..<offset + length])
    }
}
