/// Percent-encodes the parts of a URL that people type but URLs may not contain (spaces,
/// non-ASCII letters, stray `%`), keeping existing `%XX` escapes so already-encoded links stay
/// byte-for-byte what the server expects.
enum PercentEncoding {
    enum Component {
        case userInfo
        case path
        case queryOrFragment
    }

    static func encode(_ text: Substring, allowing component: Component) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), isHex(bytes, index + 1), isHex(bytes, index + 2) {
                output.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if isAllowed(byte, in: component) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHex(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"): return true
        default: return false
        }
    }

    /// RFC 3986 character classes: unreserved and sub-delims everywhere, plus `:` and `@` in
    /// paths, plus `/` and `?` in queries and fragments.
    private static func isAllowed(_ byte: UInt8, in component: Component) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            break
        }
        let scalar = Unicode.Scalar(byte)
        if "-._~!$&'()*+,;=".unicodeScalars.contains(scalar) { return true }
        switch component {
        case .userInfo: return scalar == ":"
        case .path: return ":@/".unicodeScalars.contains(scalar)
        case .queryOrFragment: return ":@/?".unicodeScalars.contains(scalar)
        }
    }
}
