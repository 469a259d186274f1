/// A line split where every link splits: `scheme://`, the authority up to the first `/`, `?` or
/// `#`, and the rest; only `http` and `https` go on. What the classifier reads a line by, and
/// what `AddressWriter` writes an address from in the app, so both split a line alike.
struct LinkSplit {
    let scheme: UnsafeBufferPointer<UInt8>
    let isHTTPS: Bool
    let authority: UnsafeBufferPointer<UInt8>
    let tail: UnsafeBufferPointer<UInt8>

    init(_ line: UnsafeBufferPointer<UInt8>) throws(InvalidLinkReason) {
        guard let colon = LinkClassifier.schemeEnd(line) else { throw .notAURL }
        scheme = UnsafeBufferPointer(rebasing: line[..<colon])
        switch scheme.count {
        case 4 where LinkClassifier.matches(scheme, "http"): isHTTPS = false
        case 5 where LinkClassifier.matches(scheme, "https"): isHTTPS = true
        default: throw .unsupportedScheme(String(decoding: scheme, as: UTF8.self).lowercased())
        }
        let rest = UnsafeBufferPointer(rebasing: line[(colon + 1)...])
        guard rest.count >= 2, rest[0] == ASCII.slash, rest[1] == ASCII.slash else { throw .missingHost }
        let afterSlashes = UnsafeBufferPointer(rebasing: rest[2...])
        let end = afterSlashes.firstIndex(ofAny: ASCII.slash, ASCII.question, ASCII.hash) ?? afterSlashes.count
        authority = UnsafeBufferPointer(rebasing: afterSlashes[..<end])
        tail = UnsafeBufferPointer(rebasing: afterSlashes[end...])
    }
}
