/// The rule for header values the app keeps from a response or sends back to a server.
///
/// Response headers come from servers we do not trust. A value with a control character (a bare
/// CR, a NUL) sent back in `If-None-Match` could split our request into two; a kilobytes-long one
/// costs memory on every tile and bytes on every request. Such values are dropped, never repaired:
/// a validator that is not byte-for-byte what the server sent is worthless anyway.
enum HeaderValue {
    /// Real ETags are a quoted hash and Last-Modified is 29 characters: 1 KB is plenty.
    static let maxBytes = 1024

    /// True when `value` may be kept and sent: at most `maxBytes`, no control character but tab.
    static func isAcceptable(_ value: some StringProtocol) -> Bool {
        value.utf8.count <= maxBytes && !value.unicodeScalars.contains(where: isControl)
    }

    /// `value` if it is acceptable, else nil.
    static func acceptable(_ value: String?) -> String? {
        value.flatMap { isAcceptable($0) ? $0 : nil }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}
