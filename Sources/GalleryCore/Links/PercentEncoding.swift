/// Percent-encodes the parts of a URL that people type but URLs may not contain (spaces,
/// non-ASCII letters, stray `%`), keeping existing `%XX` escapes so already-encoded links stay
/// byte-for-byte what the server expects.
enum PercentEncoding {
    enum Component {
        case userInfo
        case path
        case queryOrFragment
    }

    /// Each input byte becomes at most three output bytes.
    static func maxEncodedCount(_ byteCount: Int) -> Int { byteCount * 3 }

    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, allowing component: Component, into output: inout UTF8Writer) {
        // Most links need no escaping at all: allowed runs are copied whole.
        let allowed = allowedBytes(component)
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if allowed.contains(byte) {
                index += 1
                continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            if byte == ASCII.percent, index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                output.append(UnsafeBufferPointer(rebasing: bytes[index...index + 2]))
                index += 3
            } else {
                output.append(ASCII.percent)
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
                index += 1
            }
            runStart = index
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Whether `encode` would copy `bytes` unchanged: every byte allowed or part of an escape.
    static func isEncoded(_ bytes: UnsafeBufferPointer<UInt8>, allowing component: Component) -> Bool {
        let allowed = allowedBytes(component)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if allowed.contains(byte) {
                index += 1
            } else if byte == ASCII.percent, index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                index += 3
            } else {
                return false
            }
        }
        return true
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"): return true
        default: return false
        }
    }

    /// RFC 3986 character classes: unreserved and sub-delims everywhere, plus `:` and `@` in
    /// paths, plus `/` and `?` in queries and fragments.
    private static func allowedBytes(_ component: Component) -> ASCIISet {
        switch component {
        case .userInfo: userInfoBytes
        case .path: pathBytes
        case .queryOrFragment: queryOrFragmentBytes
        }
    }

    private static let userInfoBytes = ASCIISet.lettersAndDigits.adding("-._~!$&'()*+,;=:")
    private static let pathBytes = userInfoBytes.adding("@/")
    private static let queryOrFragmentBytes = pathBytes.adding("?")
}
