import Glibc

/// Finding one byte in a line: forwards with the C library's vectorised `memchr` (the classifier
/// looks for `/`, `?`, `#` and `;` in every one of up to 100,000 links), backwards by a plain loop
/// (`memrchr` is a GNU extension Swift does not see; what is looked for is near the end).
extension UnsafeBufferPointer<UInt8> {
    func firstIndex(ofByte byte: UInt8) -> Int? {
        guard let base = baseAddress, !isEmpty, let found = memchr(base, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    func lastIndex(ofByte byte: UInt8) -> Int? {
        var index = count
        while index > 0 {
            index -= 1
            if self[index] == byte { return index }
        }
        return nil
    }

    /// The first of any of three bytes, by one `memchr` each over what is left to search (no
    /// variadic list: that is an array allocated per call, per line).
    func firstIndex(ofAny first: UInt8, _ second: UInt8, _ third: UInt8) -> Int? {
        var end = count
        func narrow(to byte: UInt8) {
            if let index = UnsafeBufferPointer(rebasing: self[..<end]).firstIndex(ofByte: byte) { end = index }
        }
        narrow(to: first)
        narrow(to: second)
        narrow(to: third)
        return end < count ? end : nil
    }
}
