import Foundation

/// A complete response. Any status is a response: 404 and 500 come back here, not as errors.
public struct HTTPResponse: Sendable {
    public let head: HTTPResponseHead
    public let body: Data
    /// Where the body actually came from, after redirects.
    public let effectiveURL: URL
    /// How long the server asked to be left alone (`Retry-After`, seconds or a date, as libcurl
    /// reads it); nil when it did not say.
    public let retryAfter: Duration?
    /// The server's address the response came from (libcurl's primary IP), nil when unknown:
    /// whether a list came from the person's own network (`isFromLocalAddress`).
    public let remoteAddress: String?

    public init(head: HTTPResponseHead, body: Data, effectiveURL: URL, retryAfter: Duration? = nil, remoteAddress: String? = nil) {
        self.head = head
        self.body = body
        self.effectiveURL = effectiveURL
        self.retryAfter = retryAfter
        self.remoteAddress = remoteAddress
    }

    /// The response came from loopback, a private, shared or link-local address. Unknown
    /// addresses count as public: a list whose origin cannot be told may not open local ones.
    public var isFromLocalAddress: Bool {
        remoteAddress.map { AddressReach.isLocal($0) } ?? false
    }

    /// The same body under another head: a resumed download answers with the head of the
    /// response that began it (its 200, type and validators), not the 206 that ended it.
    func withHead(_ head: HTTPResponseHead) -> HTTPResponse {
        HTTPResponse(head: head, body: body, effectiveURL: effectiveURL, retryAfter: retryAfter, remoteAddress: remoteAddress)
    }
}
