import Foundation

/// Builds the head of the response being received from libcurl's header lines. Redirects,
/// `100 Continue` and proxy CONNECT replies each start with their own status line, and only the last
/// response counts, so every status line starts over.
///
/// A hostile server may send tens of thousands of header lines. Only the headers the app reads are
/// kept (`keptNames`), each bounded by `HeaderValue.maxBytes` even when repeated, so collecting
/// costs time linear in what arrives and memory bounded by a few kilobytes.
struct ResponseHeaderCollector {
    /// Everything `HTTPResponseHead`'s users look at. Anything else is dropped on arrival.
    static let keptNames: Set<String> = [
        "content-type", "content-length", "content-range", "content-encoding", "etag", "last-modified",
    ]

    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    /// Headers that broke the rule once: their later repeats are not kept either.
    private var refused: Set<String> = []

    var head: HTTPResponseHead { HTTPResponseHead(status: status, headers: headers) }

    mutating func consume(line rawLine: String) {
        let line = rawLine.trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            refused = []
            let fields = line.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        guard Self.keptNames.contains(name), !refused.contains(name) else { return }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        // Repeats are joined with ", " (RFC 9110 list syntax); the joined value obeys the same limit.
        let joinedLength = (headers[name].map { $0.utf8.count + 2 } ?? 0) + value.utf8.count
        guard joinedLength <= HeaderValue.maxBytes, HeaderValue.isAcceptable(value) else {
            headers[name] = nil
            refused.insert(name)
            return
        }
        if headers[name] != nil {
            headers[name, default: ""].append(", " + value)
        } else {
            headers[name] = value
        }
    }
}
