/// Why the links file could not be fetched, in classes the window shows differently.
public enum LinksError: Error, Sendable, Equatable {
    case noConnection
    case timedOut
    case serverError(status: Int)
    case tooLarge
    case badResponse
    case cancelled
    /// A local links file that is missing or cannot be read.
    case unreadableFile
    /// The sandboxed worker that reads a list failed on it (it crashed, or took too long).
    case couldNotRead

    /// Failures worth retrying by ourselves when the network comes back or after a backoff.
    public var isTransient: Bool {
        switch self {
        case .noConnection, .timedOut: return true
        case .serverError(let status): return ImageLoadError.isTransient(status: status)
        case .tooLarge, .badResponse, .cancelled, .unreadableFile, .couldNotRead: return false
        }
    }

    init(_ error: HTTPError) {
        switch error.asImageLoadError {
        case .noConnection: self = .noConnection
        case .timedOut: self = .timedOut
        case .tooLarge: self = .tooLarge
        case .cancelled: self = .cancelled
        case .serverError(let status): self = .serverError(status: status)
        case .notAnImage, .damaged, .unsupportedFormat, .tooSlowToDraw, .couldNotDecode, .badResponse: self = .badResponse
        }
    }
}
