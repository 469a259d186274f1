/// Status line and headers of the final response, after redirects.
public struct HTTPResponseHead: Sendable, Equatable {
    public let status: Int
    /// Header names are lower-cased; repeated headers are joined with ", ". From the network, only
    /// the headers the app reads are here, each at most 1 KB (`ResponseHeaderCollector`).
    public let headers: [String: String]
    /// The MIME type without parameters, lower-cased ("image/png" for "Image/PNG; q=1").
    public let contentType: String?

    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = headers
        self.contentType = Self.mimeType(fromContentType: headers["content-type"])
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body's declared size (Content-Length), when the server gave a usable one.
    public var contentLength: Int? {
        guard let value = headers["content-length"], let length = Int(value.filter { $0 != " " && $0 != "\t" }),
              length >= 0 else { return nil }
        return length
    }

    private static func mimeType(fromContentType value: String?) -> String? {
        guard let value else { return nil }
        let mime = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .trimmingCharacters(in: .whitespaces)
            .lowercased()
        return mime.isEmpty ? nil : mime
    }
}
