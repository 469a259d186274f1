import Foundation

/// Why one picture failed, as a person filing a bug report needs it: the address asked and the
/// one that answered after redirects, what the server said (status, type, announced size), how
/// many bytes came, the failure's class, libcurl's own words for a transfer that broke, the
/// decoder that refused it, and when.
/// Every value is the server's or the network's, shown as text and never acted on.
public struct FailureReport: Sendable, Equatable {
    public let asked: URL
    /// The address that gave the last answer, after redirects; nil when none answered.
    public var answeredBy: URL?
    public var status: Int?
    public var contentType: String?
    /// The Content-Length the server announced.
    public var announcedBytes: Int?
    /// The bytes that came before the transfer ended or was stopped.
    public var receivedBytes: Int?
    public var error: LoadError
    /// The transfer's own words when it broke ("Could not resolve host: …"), from libcurl.
    public var transferDetail: String?
    /// The library that refused the picture ("gdk-pixbuf", "libjxl"), when a decoder did.
    public var decoder: String?
    public var at: Date

    public init(asked: URL, error: LoadError, at: Date = Date()) {
        self.asked = asked
        self.error = error
        self.at = at
    }
}
