import GalleryCore

/// The sizes a person chooses among for the grid's cells (Ctrl+plus and Ctrl+minus, Ctrl+scroll,
/// a pinch), as Files and gThumb offer, and the thumbnail pixels each needs.
enum ThumbnailSize {
    /// The narrowest width of a cell, in logical pixels; cells grow up to a fifth wider as the
    /// window's width is shared among the columns. 100 is the size cells have always had.
    static let cellSides = [100, 128, 192, 256]
    static let defaultCellSide = 100

    /// `side` if it is one of the choices, else the default (an old or edited setting).
    static func valid(_ side: Int) -> Int {
        cellSides.contains(side) ? side : defaultCellSide
    }

    /// The choice `steps` away from `side` (positive: larger), kept within the choices.
    static func step(from side: Int, by steps: Int) -> Int {
        let current = cellSides.firstIndex(of: valid(side)) ?? 0
        return cellSides[min(max(current + steps, 0), cellSides.count - 1)]
    }

    /// The thumbnail's pixels for cells of `side` on a display of `scale`: 126 for 100 px cells
    /// (`ImageDecoder.defaultThumbnailSide`: cells up to 120 px wide, with room to spare), and
    /// in proportion for larger cells, so each stays sharp at every width it may get.
    static func thumbnailSide(forCell side: Int, scale: Int) -> Int {
        let usual = ImageDecoder.defaultThumbnailSide
        return (valid(side) * usual + defaultCellSide - 1) / defaultCellSide * max(scale, 1)
    }
}
