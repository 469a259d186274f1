/// What the window's subtitle says about the list: kept by `TileList` as states change.
struct TileCounts: Equatable, Sendable {
    var total = 0
    /// "Not an image" and "Invalid entry" tiles; the rest are image links.
    var placeholders = 0
    /// Tiles that are shown, failed or placeholders: not waiting nor loading.
    var settled = 0

    var images: Int { total - placeholders }
    var allSettled: Bool { settled == total }

    /// Counts `state` in (`sign` 1) or out (`sign` -1).
    mutating func count(_ state: TileState, _ sign: Int) {
        if state.isPlaceholder { placeholders += sign }
        if state.isSettled { settled += sign }
    }
}
