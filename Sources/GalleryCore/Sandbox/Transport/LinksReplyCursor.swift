/// Reads a `LinksReply`'s fields in order, each within the bytes: a reply comes from a worker
/// that may have been subverted, or from a cache file that may be damaged.
struct LinksReplyCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Whether the bytes go on with `expected`, which is then passed.
    mutating func skip(_ expected: [UInt8]) -> Bool {
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else { return false }
        offset += expected.count
        return true
    }

    /// At most nine bytes (63 bits): a larger number is no count a file could give.
    mutating func varint() -> Int? {
        var value = 0
        for shift in stride(from: 0, to: 63, by: 7) {
            guard let next = byte() else { return nil }
            value |= Int(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
        }
        return nil
    }

    /// A length, then that many bytes, all within the reply.
    mutating func lengthPrefixed() -> UnsafeBufferPointer<UInt8>? {
        guard let length = varint(), length <= bytes.count - offset else { return nil }
        defer { offset += length }
        return UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
    }
}
