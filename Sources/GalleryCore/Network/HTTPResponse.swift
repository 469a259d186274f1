import Foundation

/// A complete response. Any status is a response: 404 and 500 come back here, not as errors.
public struct HTTPResponse: Sendable {
    public let head: HTTPResponseHead
    public let body: Data
    /// Where the body actually came from, after redirects.
    public let effectiveURL: URL

    public init(head: HTTPResponseHead, body: Data, effectiveURL: URL) {
        self.head = head
        self.body = body
        self.effectiveURL = effectiveURL
    }
}
