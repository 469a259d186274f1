import GalleryCore

/// What a grid tile shows. Placeholders never load; image tiles move between the others.
enum TileState: Equatable {
    /// An image link whose thumbnail is not in memory (far from the viewport, or not asked yet).
    case idle
    case loading
    case loaded
    case failed(LoadError)
    /// A link that serves something other than an image.
    case notImage
    /// A line that is not an http(s) link.
    case invalid

    var isPlaceholder: Bool { self == .notImage || self == .invalid }

    /// Done for now: shown, failed or a placeholder (not waiting to load or loading).
    var isSettled: Bool { self != .idle && self != .loading }

    /// Failed because we could not reach the server, or its host is paused for not answering
    /// (`LoadError.hostPaused`, retried by itself): shown as "not loaded", not as an error.
    var isOffline: Bool {
        guard case .failed(let error) = self else { return false }
        if case .hostPaused = error { return true }
        return error == .noConnection
    }
}
