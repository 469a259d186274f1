import Foundation

/// Builds the head of the response being received from libcurl's header lines. Redirects,
/// `100 Continue` and proxy CONNECT replies each start with their own status line, and only the last
/// response counts, so every status line starts over.
struct ResponseHeaderCollector {
    private(set) var status = 0
    private(set) var headers: [String: String] = [:]

    var head: HTTPResponseHead { HTTPResponseHead(status: status, headers: headers) }

    mutating func consume(line rawLine: String) {
        let line = rawLine.trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            let fields = line.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        if let earlier = headers[name] {
            headers[name] = earlier + ", " + value
        } else {
            headers[name] = value
        }
    }
}
