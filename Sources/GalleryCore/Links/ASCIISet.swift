/// A set of ASCII bytes as two 64-bit masks: one shift and one test per byte, for loops that
/// look at every byte of 100,000 links.
struct ASCIISet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    static let lettersAndDigits: ASCIISet = {
        var set = ASCIISet()
        for range in [UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                      UInt8(ascii: "0")...UInt8(ascii: "9")] {
            for byte in range { set.insert(byte) }
        }
        return set
    }()

    func adding(_ bytes: String) -> ASCIISet {
        var set = self
        for byte in bytes.utf8 { set.insert(byte) }
        return set
    }

    /// Without branches on the byte: letters and punctuation alternate in a link, and a
    /// mispredicted branch per byte cost more than the test.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word = byte & 64 == 0 ? low : high
        return (word >> UInt64(byte & 63)) & 1 == 1 && byte < 128
    }

    private mutating func insert(_ byte: UInt8) {
        precondition(byte < 128, "not ASCII")
        if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
    }
}
