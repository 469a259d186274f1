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

    /// Failed because we could not reach the server: shown as "not loaded", not as an error.
    var isOffline: Bool {
        if case .failed(let error) = self { return error == .noConnection }
        return false
    }
}
