/// Where to cut a run of bytes to at most a given length without splitting a UTF-8 character:
/// a cut line must not end in a U+FFFD of its own making, which would make good text look bad.
enum UTF8Cut {
    /// The end of at most `count` bytes from `lower`, moved back to the start of the character
    /// the cut would fall inside (at most three bytes: bytes that are not UTF-8 are cut anywhere).
    static func boundary(in bytes: UnsafeBufferPointer<UInt8>, from lower: Int, atMost count: Int, before upper: Int) -> Int {
        guard upper - lower > count else { return upper }
        let cut = lower + count
        var end = cut
        while end > lower, cut - end < 3, isContinuation(bytes[end]) { end -= 1 }
        return isContinuation(bytes[end]) || end == lower ? cut : end
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }
}
