/// Why a transfer produced no response. HTTP error statuses are not errors here: see `HTTPResponse`.
public enum HTTPError: Error, Sendable, Equatable {
    case invalidURL
    /// Anything but http and https, including redirects to file:, ftp: and the like.
    case unsupportedScheme
    case cannotResolveHost
    case cannotConnect
    /// Connect timeout, or the transfer stalled or trickled below the low-speed limit.
    case timedOut
    /// The body is longer than the request's `maxBodyBytes`.
    case tooLarge
    case tooManyRedirects
    case tlsFailure
    /// The connection broke mid-way: reset, closed early, body shorter than announced.
    case interrupted
    /// The request's inspector refused the response.
    case rejected
    /// The request's `bodySink` refused a write (its disk is full, say).
    case sinkFailed
    case cancelled
    /// The request was for the person's own computer or network (loopback, private, shared or
    /// link-local), which a link from a public list may not reach (`AddressReach.publicOnly`).
    case localAddressRefused
    /// The host failed several times in a row and is left alone for a while (`HostPacing`);
    /// no request was sent.
    case hostPaused(host: String)
    /// A libcurl failure without a better class; `code` is the CURLcode.
    case other(code: Int, message: String)

    /// libcurl's own words, when the failure has no class of its own: for a bug report.
    public var transferDetail: String? {
        guard case .other(let code, let message) = self else { return nil }
        return "\(message) (libcurl \(code))"
    }

    /// The class of failure a person looking at a tile cares about.
    public var asLoadError: LoadError {
        switch self {
        case .cannotResolveHost, .cannotConnect: return .noConnection
        // A broken connection usually heals on retry, like being offline.
        case .interrupted: return .noConnection
        case .timedOut: return .timedOut
        case .tooLarge: return .tooLarge
        case .rejected: return .notAnImage
        case .cancelled: return .cancelled
        case .localAddressRefused: return .localAddressRefused
        case .hostPaused(let host): return .hostPaused(host: host)
        case .invalidURL, .unsupportedScheme, .tooManyRedirects, .tlsFailure, .sinkFailed, .other: return .badResponse
        }
    }
}
