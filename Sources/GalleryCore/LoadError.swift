/// Why a picture or a links file could not be shown, in classes a person can act on: the one
/// error the repository's loads throw. Whether it may heal by itself is decided here, once
/// (`isTransient`); what a person reads for it is `ErrorMessages`' to say.
public enum LoadError: Error, Sendable, Equatable {
    /// No route to the host: offline, DNS failure, connection refused or reset before any data.
    case noConnection
    /// The server was too slow: connect timeout, stall or trickle.
    case timedOut
    /// The server answered with an HTTP error status.
    case serverError(status: Int)
    /// The link works but what it serves is not an image.
    case notAnImage
    /// The body or the declared pixel count is over our limits.
    case tooLarge
    /// The data claims to be an image but does not decode (truncated, corrupt).
    case damaged
    /// An image in a format this machine has no decoder for (JPEG XL on Debian 12): the file
    /// may be fine, so it is neither called damaged nor dropped from the cache.
    case unsupportedFormat(ImageFormat)
    /// Drawing it (an SVG, in its sandboxed worker) ran out of time while the machine was busy,
    /// with its own CPU limit not reached: not a bomb, so the file is kept and Retry may work.
    /// Not retried by itself: a picture that needs more than a busy machine gives would burn
    /// its ten seconds again at every retry.
    case tooSlowToDraw
    /// Drawing it used up the computing time one picture is given (the worker's CPU limit): a
    /// file built to stall decoders, or one far heavier than it looks. The file is kept, and not
    /// retried by itself: it would use that time up again.
    case tooMuchToDraw
    /// The decoder could not allocate the memory a picture within the limits needs: the
    /// computer (or the worker's share of it) is short of memory now. The file may be fine, so
    /// it is kept, and Retry may work once memory is free; not retried by itself.
    case outOfMemory
    /// The sandboxed worker crashed on it or took too long, or answered with something that is
    /// not what was asked (a picture of another size, a list that does not add up): the file
    /// may be fine (a decoder's bug, a worker killed from outside), so it stays cached and
    /// Retry reads it again in a fresh worker.
    case couldNotDecode
    /// A links file on this computer that is missing or cannot be read.
    case unreadableFile
    /// Redirect loops, redirects to non-http(s) schemes, other protocol violations.
    case badResponse
    /// A link of a list that came from a public address named the person's own computer or
    /// network: it is not fetched (a web page may not reach those either). Not transient.
    case localAddressRefused
    /// The picture's host failed several times in a row and is paused for all its pictures;
    /// they are tried again by themselves once it answers (`HostPacing`).
    case hostPaused(host: String)
    /// Nobody wants the result anymore.
    case cancelled

    /// True for failures that may heal by themselves when the network comes back.
    public var isTransient: Bool {
        switch self {
        case .noConnection, .timedOut, .hostPaused: return true
        case .serverError(let status): return Self.isTransient(status: status)
        case .notAnImage, .tooLarge, .damaged, .unsupportedFormat, .tooSlowToDraw, .tooMuchToDraw, .outOfMemory, .couldNotDecode,
             .unreadableFile, .badResponse, .localAddressRefused, .cancelled:
            return false
        }
    }

    /// Server errors worth retrying by ourselves: 5xx, request timeout, too many requests.
    static func isTransient(status: Int) -> Bool {
        status >= 500 || status == 408 || status == 429
    }
}
