import CGtk
import Foundation

/// `[userinfo@]host[:port]` of a link, checked and ready to be written as plain ASCII: user info
/// percent-encoded, the host lower-cased or IDNA-encoded by GLib (`пример.рф` →
/// `xn--e1afmkfd.xn--p1ai`), the port as typed. Most hosts are plain DNS names and are written
/// straight from the line's bytes.
struct LinkAuthority {
    private enum Host {
        /// `[…]`, written as typed: Foundation validates the address.
        case ipv6Literal(UnsafeBufferPointer<UInt8>)
        /// A DNS name of letters, digits, `-`, `.` and `_`, lower-cased as it is written.
        case plain(UnsafeBufferPointer<UInt8>, isLowercase: Bool)
        case converted(String)
    }

    private let userInfo: UnsafeBufferPointer<UInt8>?
    private let host: Host
    private let port: UnsafeBufferPointer<UInt8>
    /// `host:` with nothing after the colon, which is written without it.
    private let hasEmptyPort: Bool

    static func parse(_ authority: UnsafeBufferPointer<UInt8>) throws(InvalidLinkReason) -> LinkAuthority {
        // One pass: the last `@` ends the user info, the last `:` after it starts the port.
        var at: Int?
        var colon: Int?
        for index in authority.indices {
            switch authority[index] {
            case ASCII.at: (at, colon) = (index, nil)
            case ASCII.colon: colon = index
            default: break
            }
        }
        let userInfo = at.map { UnsafeBufferPointer(rebasing: authority[..<$0]) }
        let hostStart = at.map { $0 + 1 } ?? 0

        var hostEnd = colon ?? authority.count
        var portStart = colon.map { $0 + 1 }
        if hostStart < authority.count, authority[hostStart] == ASCII.leftBracket {
            // IPv6 literal: leave it to Foundation to validate the address itself.
            let afterBracket = UnsafeBufferPointer(rebasing: authority[hostStart...])
            guard let close = afterBracket.firstIndex(ofByte: ASCII.rightBracket) else { throw .malformed }
            hostEnd = hostStart + close + 1
            portStart = nil
            if hostEnd < authority.count {
                guard authority[hostEnd] == ASCII.colon else { throw .malformed }
                portStart = hostEnd + 1
            }
        }
        let hostText = UnsafeBufferPointer(rebasing: authority[hostStart..<max(hostStart, hostEnd)])
        let port = portStart.map { UnsafeBufferPointer(rebasing: authority[$0...]) } ?? UnsafeBufferPointer(start: nil, count: 0)
        guard !hostText.isEmpty else { throw .missingHost }
        guard isPort(port) else { throw .malformed }

        let host: Host
        if hostText[0] == ASCII.leftBracket {
            // A zone (`[fe80::1%25eth0]`, RFC 6874) names a network interface of this computer,
            // never a server a list can mean; Foundation would also write it differently.
            guard hostText.firstIndex(ofByte: ASCII.percent) == nil else { throw .malformed }
            host = .ipv6Literal(hostText)
        } else if let isLowercase = plainHostNameCase(hostText) {
            host = .plain(hostText, isLowercase: isLowercase)
        } else {
            guard let converted = idnaHostName(hostText) else { throw .malformed }
            host = .converted(converted)
        }
        return LinkAuthority(userInfo: userInfo, host: host, port: port, hasEmptyPort: portStart != nil && port.isEmpty)
    }

    /// Whether the host is written as typed but lower-cased, letters, digits, `-`, `.` and `_`
    /// only: a name Foundation cannot read differently.
    var isPlainHostName: Bool {
        if case .plain = host { return true }
        return false
    }

    /// Whether `write(into:)` writes the authority exactly as typed.
    var isWrittenAsTyped: Bool {
        if hasEmptyPort { return false }
        if let userInfo, !PercentEncoding.isEncoded(userInfo, allowing: .userInfo) { return false }
        switch host {
        case .ipv6Literal: return true
        case .plain(_, let isLowercase): return isLowercase
        case .converted: return false
        }
    }

    /// The most bytes `write(into:)` writes.
    var maxEncodedCount: Int {
        let hostCount = switch host {
        case .ipv6Literal(let bytes), .plain(let bytes, _): bytes.count
        case .converted(let text): text.utf8.count
        }
        return PercentEncoding.maxEncodedCount(userInfo?.count ?? 0) + 1 + hostCount + 1 + port.count
    }

    /// The authority as `write(into:)` writes it.
    var written: String {
        String(unsafeUninitializedCapacity: maxEncodedCount) { buffer in
            var output = UTF8Writer(buffer)
            write(into: &output)
            return output.count
        }
    }

    func write(into output: inout UTF8Writer) {
        if let userInfo {
            PercentEncoding.encode(userInfo, allowing: .userInfo, into: &output)
            output.append(ASCII.at)
        }
        switch host {
        case .ipv6Literal(let bytes):
            output.append(bytes)
        case .plain(let bytes, _):
            for byte in bytes { output.append(ASCII.lowercased(byte)) }
        case .converted(let text):
            output.append(text)
        }
        if !port.isEmpty {
            output.append(ASCII.colon)
            output.append(port)
        }
    }

    /// Up to five digits, at most 65535; no port at all is fine.
    private static func isPort(_ port: UnsafeBufferPointer<UInt8>) -> Bool {
        guard port.count <= 5 else { return false }
        var value = 0
        for byte in port {
            guard ASCII.isDigit(byte) else { return false }
            value = value * 10 + Int(byte - ASCII.zero)
        }
        return value <= 65535
    }

    /// For a plain DNS name (letters, digits, `-`, `.`, `_`, not only dots), whether it is
    /// lower-case already; nil for anything else. One pass: every link's host goes through it.
    private static func plainHostNameCase(_ host: UnsafeBufferPointer<UInt8>) -> Bool? {
        let allowed = hostNameBytes
        var uppercaseCount = 0
        var dotCount = 0
        for byte in host {
            guard allowed.contains(byte) else { return nil }
            uppercaseCount &+= (byte &- UInt8(ascii: "A")) < 26 ? 1 : 0
            dotCount &+= byte == ASCII.dot ? 1 : 0
        }
        return dotCount < host.count ? uppercaseCount == 0 : nil
    }

    private static let hostNameBytes = ASCIISet.lettersAndDigits.adding("-._")

    /// Anything but a plain DNS name goes through GLib's IDNA. A host that is still not a plain
    /// DNS name afterwards (spaces, slashes…) is refused.
    private static func idnaHostName(_ host: UnsafeBufferPointer<UInt8>) -> String? {
        let text = String(decoding: host, as: UTF8.self)
        // Looked for in the bytes: `String.contains` goes through NSString on Linux.
        let decoded = host.contains(ASCII.percent) ? (text.removingPercentEncoding ?? text) : text
        // A NUL would cut the name short in C (`evil.com%00.paypal.com` fetched from evil.com);
        // no control character belongs in a host name at all.
        guard !decoded.unicodeScalars.contains(where: isControl) else { return nil }
        guard let converted = g_hostname_to_ascii(decoded) else { return nil }
        defer { g_free(converted) }
        let ascii = String(cString: converted)
        var checked = ascii
        return checked.withUTF8 { plainHostNameCase($0) } != nil ? ascii : nil
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
