import CGtk
import Foundation

/// Decides whether a line of the links file is a link we may fetch, and normalises it.
///
/// Only `http`/`https` with a host qualify: that is all we fetch or hand to a browser. Lines are
/// what people paste, so the classifier is lenient about spelling (upper-case schemes, spaces,
/// non-ASCII paths, IDN hosts) and strict about what the result may point at. The URL it returns
/// is plain ASCII (percent-encoded path/query, punycode host), which both Foundation and libcurl
/// take without further interpretation.
public enum LinkClassifier {
    public static func classify(_ text: String) -> LinkClassification {
        // The parser hands over trimmed lines; trimming again costs a quarter of the time.
        let text = text.first?.isWhitespace == true || text.last?.isWhitespace == true
            ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
        guard let colon = text.firstIndex(of: ":"), isScheme(text[..<colon]) else {
            return .invalid(reason: .notAURL)
        }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return .invalid(reason: .unsupportedScheme(scheme))
        }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return .invalid(reason: .missingHost) }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex(where: { "/?#".contains($0) }) ?? afterSlashes.endIndex
        let authorityText = afterSlashes[..<authorityEnd]
        let remainder = afterSlashes[authorityEnd...]

        let authority: String
        switch encodeAuthority(authorityText) {
        case .success(let encoded): authority = encoded
        case .failure(let reason): return .invalid(reason: reason)
        }

        let (path, query, fragment) = splitPathQueryFragment(remainder)
        var normalized = scheme + "://" + authority + PercentEncoding.encode(path, allowing: .path)
        if let query { normalized += "?" + PercentEncoding.encode(query, allowing: .queryOrFragment) }
        if let fragment { normalized += "#" + PercentEncoding.encode(fragment, allowing: .queryOrFragment) }

        guard let url = URL(string: normalized) else { return .invalid(reason: .malformed) }
        guard let host = url.host, !host.isEmpty else { return .invalid(reason: .missingHost) }
        return .link(url, guess: LinkExtensionGuesser.guess(forPath: path))
    }

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`. Anything else before the first
    /// colon (a space, a slash) means the line is not an absolute URL at all.
    private static func isScheme(_ candidate: Substring) -> Bool {
        guard let first = candidate.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
            return false
        }
        return candidate.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))
        }
    }

    private static func splitPathQueryFragment(_ text: Substring) -> (Substring, Substring?, Substring?) {
        var beforeFragment = text
        var fragment: Substring?
        if let hash = text.firstIndex(of: "#") {
            beforeFragment = text[..<hash]
            fragment = text[text.index(after: hash)...]
        }
        if let question = beforeFragment.firstIndex(of: "?") {
            return (beforeFragment[..<question], beforeFragment[beforeFragment.index(after: question)...], fragment)
        }
        return (beforeFragment, nil, fragment)
    }

    /// `[userinfo@]host[:port]` → ASCII, with the host IDNA-encoded by GLib.
    private static func encodeAuthority(_ authority: Substring) -> Result<String, InvalidLinkReason> {
        var hostAndPort = authority
        var userInfo = ""
        if let at = authority.lastIndex(of: "@") {
            userInfo = PercentEncoding.encode(authority[..<at], allowing: .userInfo) + "@"
            hostAndPort = authority[authority.index(after: at)...]
        }

        var host: Substring
        var port: Substring = ""
        if hostAndPort.hasPrefix("[") {
            // IPv6 literal: leave it to Foundation to validate the address itself.
            guard let close = hostAndPort.firstIndex(of: "]") else { return .failure(.malformed) }
            host = hostAndPort[...close]
            let afterHost = hostAndPort[hostAndPort.index(after: close)...]
            if !afterHost.isEmpty {
                guard afterHost.hasPrefix(":") else { return .failure(.malformed) }
                port = afterHost.dropFirst()
            }
        } else if let colon = hostAndPort.lastIndex(of: ":") {
            host = hostAndPort[..<colon]
            port = hostAndPort[hostAndPort.index(after: colon)...]
        } else {
            host = hostAndPort
        }
        guard !host.isEmpty else { return .failure(.missingHost) }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), port.count <= 5, Int(port).map({ $0 <= 65535 }) ?? true else {
            return .failure(.malformed)
        }

        let asciiHost: String
        if host.hasPrefix("[") {
            asciiHost = String(host)
        } else {
            guard let converted = asciiHostName(String(host)) else { return .failure(.malformed) }
            asciiHost = converted
        }
        return .success(userInfo + asciiHost + (port.isEmpty ? "" : ":" + port))
    }

    /// IDNA (punycode) via GLib, so `пример.рф` becomes `xn--e1afmkfd.xn--p1ai`. A host that is
    /// still not a plain DNS name afterwards (spaces, slashes…) is refused.
    private static func asciiHostName(_ host: String) -> String? {
        // Most hosts are plain DNS names already; IDNA conversion is for the rest.
        if host.utf8.allSatisfy({ isPlainHostByte($0) }), host.utf8.contains(where: { $0 != UInt8(ascii: ".") }) {
            return host.lowercased()
        }
        let decoded = host.contains("%") ? (host.removingPercentEncoding ?? host) : host
        // A NUL would cut the name short in C (`evil.com%00.paypal.com` fetched from evil.com);
        // no control character belongs in a host name at all.
        guard !decoded.unicodeScalars.contains(where: isControl) else { return nil }
        guard let converted = g_hostname_to_ascii(decoded) else { return nil }
        defer { g_free(converted) }
        let ascii = String(cString: converted)
        let allowed = ascii.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._".unicodeScalars.contains(scalar))
        }
        guard allowed, !ascii.isEmpty, ascii.contains(where: { $0 != "." }) else { return nil }
        return ascii
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func isPlainHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
