import Foundation

/// Decides whether a line of the links file is a link we may fetch, and normalises it.
///
/// Only `http`/`https` with a host qualify: that is all we fetch or hand to a browser. Lines are
/// what people paste, so the classifier is lenient about spelling (upper-case schemes, spaces,
/// non-ASCII paths, IDN hosts) and strict about what the result may point at. The address it
/// returns is plain ASCII (percent-encoded path/query, punycode host), which both Foundation and
/// libcurl take without further interpretation.
///
/// A list can hold 100,000 lines, so the line is read once as UTF-8 bytes: splitting a `String`
/// by `Character` cost fifteen times Foundation's own URL parsing (see BENCHMARKS.md).
public enum LinkClassifier {
    public static func classify(_ text: String) -> LinkClassification {
        // The parser hands over trimmed lines; trimming again costs a quarter of the time.
        let line = needsTrimming(text) ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
        var bytes = line
        return bytes.withUTF8 { classify(line, bytes: $0) }
    }

    private static func needsTrimming(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        // Only a space-like ASCII byte or a non-ASCII one can start white space.
        guard first <= 0x20 || first >= 0x80 || last <= 0x20 || last >= 0x80 else { return false }
        return text.first?.isWhitespace == true || text.last?.isWhitespace == true
    }

    private static func classify(_ text: String, bytes line: UnsafeBufferPointer<UInt8>) -> LinkClassification {
        let split: LinkSplit
        let authority: LinkAuthority
        do throws(InvalidLinkReason) {
            split = try LinkSplit(line)
            authority = try LinkAuthority.parse(split.authority)
        } catch {
            return .invalid(reason: error)
        }
        let (scheme, isHTTPS) = (split.scheme, split.isHTTPS)

        let parts = LinkTail(split.tail)
        let guess = LinkExtensionGuesser.guess(forPath: parts.path)
        let isWrittenAsLink = isLowercase(scheme) && authority.isWrittenAsTyped && parts.isEncoded
        // Most lines are links as they are: every byte is one RFC 3986 allows where it stands, or
        // part of an escape, and the host is a plain DNS name. Then the line is the address and
        // these checks are Foundation's strict parser's, made on bytes; no `URL` is made for the
        // list (see `LinkAddress`).
        if isWrittenAsLink, authority.isPlainHostName {
            return .link(LinkAddress(checked: text), guess: guess)
        }
        // Anything rewritten, and hosts the classifier leaves to Foundation (IPv6 literals, IDNA
        // names), are read by Foundation before they are accepted.
        let address = isWrittenAsLink ? text : normalize(isHTTPS: isHTTPS, authority, parts)
        guard let url = URL(string: address) else { return .invalid(reason: .malformed) }
        guard authority.isPlainHostName || hasHost(url) else { return .invalid(reason: .missingHost) }
        return .link(LinkAddress(checked: url.absoluteString), guess: guess)
    }

    private static func normalize(isHTTPS: Bool, _ authority: LinkAuthority, _ parts: LinkTail) -> String {
        write(isHTTPS: isHTTPS, authority: authority.written, parts)
    }

    /// The address of a link from its authority as written and the rest of its line, each part
    /// percent-encoded: what the classifier keeps, and what `AddressWriter` writes in the app.
    static func write(isHTTPS: Bool, authority: String, _ parts: LinkTail) -> String {
        let capacity = "https://".utf8.count + authority.utf8.count + PercentEncoding.maxEncodedCount(parts.byteCount) + 2
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var output = UTF8Writer(buffer)
            output.append(isHTTPS ? "https://" : "http://")
            output.append(authority)
            PercentEncoding.encode(parts.path, allowing: .path, into: &output)
            if let query = parts.query {
                output.append(ASCII.question)
                PercentEncoding.encode(query, allowing: .queryOrFragment, into: &output)
            }
            if let fragment = parts.fragment {
                output.append(ASCII.hash)
                PercentEncoding.encode(fragment, allowing: .queryOrFragment, into: &output)
            }
            return output.count
        }
    }

    /// Whether Foundation found a host, for the hosts it reads for itself (an IPv6 literal, an
    /// IDNA name): a plain DNS name cannot be read as none, and asking cost a tenth of the time.
    /// The encoded form answers without decoding it; only a host with escapes (an IPv6 zone) is
    /// decoded, as one that decodes to nothing is none.
    private static func hasHost(_ url: URL) -> Bool {
        guard let encoded = url.host(percentEncoded: true), !encoded.isEmpty else { return false }
        guard encoded.utf8.contains(ASCII.percent) else { return true }
        return url.host.map { !$0.isEmpty } ?? false
    }

    /// Where the scheme ends: the first colon, when everything before it is RFC 3986's
    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`. Anything else before it (a space, a slash)
    /// means the line is not an absolute URL at all, and so does a "scheme" longer than any
    /// registered one: an entry that is no link keeps only its first bytes, which must still
    /// hold the scheme it names (`LinksDocument.maxShownInvalidBytes`).
    static let maxSchemeLength = 64

    static func schemeEnd(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = line.first, ASCII.isLetter(first) else { return nil }
        for index in 1..<min(line.count, maxSchemeLength + 1) {
            let byte = line[index]
            if byte == ASCII.colon { return index }
            guard ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.plus || byte == ASCII.hyphen
                || byte == ASCII.dot else { return nil }
        }
        return nil
    }

    private static func isLowercase(_ scheme: UnsafeBufferPointer<UInt8>) -> Bool {
        scheme.allSatisfy { ASCII.lowercased($0) == $0 }
    }

    static func matches(_ scheme: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        zip(scheme, UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
            .allSatisfy { ASCII.lowercased($0) == $1 }
    }
}
