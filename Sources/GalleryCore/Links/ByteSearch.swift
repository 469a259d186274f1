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

    /// The first of any of `bytes`, by one `memchr` per byte over what is left to search.
    func firstIndex(ofAnyByte bytes: UInt8...) -> Int? {
        var end = count
        for byte in bytes {
            if let index = UnsafeBufferPointer(rebasing: self[..<end]).firstIndex(ofByte: byte) { end = index }
        }
        return end < count ? end : nil
    }
}
