import Foundation

/// One GET the HTTP client should perform.
public struct HTTPRequest: Sendable {
    /// Looks at the final response (after redirects) once its headers and the first bytes of the
    /// body are in: the first 64 bytes, the whole body when shorter, or nothing for an empty body.
    /// It sees every status (check `head.status` if 404 pages should be refused as well).
    /// `.reject` aborts the transfer with `HTTPError.rejected`, so a 200 MB HTML page behind an
    /// image link costs a few kilobytes instead of the whole download. Runs on the network thread:
    /// keep it cheap and non-blocking.
    public typealias Inspector = @Sendable (HTTPResponseHead, [UInt8]) -> InspectionVerdict

    /// What an inspector says of the bytes it saw.
    public enum InspectionVerdict: Sendable, Equatable {
        case accept
        case reject
        /// The first bytes cannot tell (an XML prolog that goes on past them): asked again with
        /// up to `longestInspectedPrefix` bytes. Said of those, or of a whole shorter body, it
        /// rejects.
        case needMore
    }

    /// How many body bytes the inspector gets to see before the transfer goes on.
    public static let inspectedPrefixLength = 64
    /// The most it may ask to see (`InspectionVerdict.needMore`): as many as every later reader of
    /// the file sniffs (`ContentSniffer.preferredPrefixLength`), so the download's verdict is theirs.
    public static let longestInspectedPrefix = ContentSniffer.preferredPrefixLength
    /// Bytes kept of an error answer (not 2xx) to a request with a `bodySink`: enough for its
    /// message. The body never reaches the sink, and the transfer ends there: a 404 page of
    /// 50 MB is neither written to the disk cache nor downloaded to its end.
    public static let errorBodyBytes = 4096
    /// Generous for photos, small enough that a hostile link cannot fill memory.
    public static let defaultMaxBodyBytes = 64 * 1024 * 1024

    public var url: URL
    /// Extra request headers, e.g. `If-None-Match` or `Range`.
    public var headers: [String: String]
    /// Bodies longer than this fail with `HTTPError.tooLarge`.
    public var maxBodyBytes: Int
    /// Where it waits in line for a connection: read again each time one frees, so a caller
    /// whose priority rose (a tile scrolled into view) moves ahead of those queued before it.
    public var priority: SharedPriority
    public var inspect: Inspector?
    /// Where the body goes as it arrives, instead of memory: `HTTPResponse.body` then holds only
    /// its first `inspectedPrefixLength` bytes. A sink that refuses a write fails the transfer
    /// with `HTTPError.sinkFailed`.
    public var bodySink: (any HTTPBodySink)?
    /// Whether the request may connect to the person's own computer or network (`AddressReach`).
    public var reach: AddressReach

    public init(
        url: URL,
        headers: [String: String] = [:],
        maxBodyBytes: Int = HTTPRequest.defaultMaxBodyBytes,
        priority: SharedPriority = SharedPriority(.visible),
        inspect: Inspector? = nil,
        bodySink: (any HTTPBodySink)? = nil,
        reach: AddressReach = .anyAddress
    ) {
        self.url = url
        self.headers = headers
        self.maxBodyBytes = maxBodyBytes
        self.priority = priority
        self.inspect = inspect
        self.bodySink = bodySink
        self.reach = reach
    }
}
