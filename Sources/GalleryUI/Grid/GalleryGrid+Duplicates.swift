import GalleryCore

/// Hide Duplicates in the grid: copies are found as thumbnails arrive (`TileList+Duplicates`),
/// and while duplicates are hidden each is taken out when found — once per main-loop turn,
/// however many thumbnails arrived in it — and the tile kept says how many lines lead to it.
extension GalleryGrid {
    /// Whether the grid shows one tile per picture.
    var hidesDuplicates: Bool { list.filter.hidesDuplicates }

    /// Shows one tile per picture, or every line again.
    func hideDuplicates(_ hide: Bool) {
        var filter = list.filter
        filter.hidesDuplicates = hide
        show(filter)
    }

    /// More copies are known: hidden now, where the person looks, without moving the view; the
    /// tiles kept whose count of lines changed say so.
    func duplicatesFound() {
        PerformanceTrace.shared.record(.duplicatesFound, String(list.duplicates.count))
        guard hidesDuplicates else { return }
        let counts = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0.linkCount) })
        if list.reapplyFilter() { return tilesChanged(keepingScroll: true) }
        for item in items where counts[item.id] != item.linkCount {
            if let view = tiles.view(at: item.index), view.item === item { view.itemDidChange(from: item.state) }
        }
    }
}
