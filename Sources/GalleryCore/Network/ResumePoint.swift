import Foundation

/// Where a download whose connection broke goes on from: the bytes already received stay where
/// they are (the cache's unnamed file, or memory) and the next request asks for the rest —
/// `Range` from their end, with `If-Range` on the first answer's strong `ETag` or its
/// `Last-Modified`, so a server whose file changed answers 200 with the whole new file, which
/// then replaces them (`HTTPBodySink.restart`). Without either validator the download starts
/// again from its first byte. Bytes received never reach a decoder as a whole file: the
/// download is whole only when a transfer ends without an error.
struct ResumePoint: Sendable {
    /// Body bytes already received: where the next answer's range must start.
    let offset: Int
    /// What `If-Range` carries; nil starts over.
    let validator: String?
    /// The answer that began the body: the download's head once it is whole; nil when the
    /// download starts over.
    let firstHead: HTTPResponseHead?
    /// With a sink, the first bytes the inspector looked at; without, the body so far.
    let kept: Data

    /// Where to go on after `journal`'s transfer broke. A transfer that broke before a
    /// successful answer's body leaves the bytes of the one before it as they were.
    static func after(_ journal: TransferJournal.Entry, previous: ResumePoint?) -> ResumePoint {
        guard let head = journal.head, head.isSuccess else { return previous ?? ResumePoint(offset: 0, validator: nil, firstHead: nil, kept: Data()) }
        // A 206 went on from `previous`; any other success began the file again.
        let firstHead = head.status == 206 ? previous?.firstHead ?? head : head
        guard let validator = validator(of: firstHead) else {
            return ResumePoint(offset: 0, validator: nil, firstHead: nil, kept: Data())
        }
        return ResumePoint(offset: journal.bodyBytes, validator: validator, firstHead: firstHead, kept: journal.kept)
    }

    /// The request headers that ask for the rest.
    var headers: [String: String] {
        guard let validator, offset > 0 else { return [:] }
        return ["Range": "bytes=\(offset)-", "If-Range": validator]
    }

    /// Whether an answer's `Content-Range` ("bytes 500-999/1000") continues exactly where the
    /// bytes received end.
    func continues(contentRange: String?) -> Bool {
        guard let contentRange, contentRange.lowercased().hasPrefix("bytes ") else { return false }
        let range = contentRange.dropFirst(6).split(separator: "/", maxSplits: 1)[0].split(separator: "-")
        return range.count == 2 && Int(range[0]) == offset && (Int(range[1]).map { $0 >= offset } ?? false)
    }

    /// A strong ETag (a weak one may not be used in `If-Range`), else Last-Modified; none for
    /// a compressed answer (`Content-Encoding`): a range counts its encoded bytes, while the
    /// bytes received are decoded ones, so going on would splice the wrong part of the file.
    private static func validator(of head: HTTPResponseHead) -> String? {
        if let encoding = head.headers["content-encoding"], encoding.lowercased() != "identity" { return nil }
        if let etag = head.headers["etag"], etag.hasPrefix("\""), !etag.contains(",") { return etag }
        return head.headers["last-modified"]
    }
}
