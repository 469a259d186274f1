import CGtk

/// Where things are in the laid-out grid: read from the adjustment and the layout, never set.
extension GalleryGrid {
    /// The first entry of the row at the top of the viewport.
    func firstVisibleIndex() -> Int? {
        guard let layout else { return nil }
        let top = gtk_adjustment_get_value(vadjustment) - Double(Self.edge)
        return layout.indices(ofRows: layout.rows(from: top, to: top + 1)).first
    }

    /// The rows `range` covers, or none when it does not start a row (the columns changed).
    func alignedRows(of range: Range<Int>, in layout: GridLayout) -> Range<Int> {
        guard !range.isEmpty, range.lowerBound % layout.columns == 0 else { return 0..<0 }
        return layout.row(of: range.lowerBound)..<(layout.row(of: range.upperBound - 1) + 1)
    }

    /// How many tiles fill the viewport, or a maximized full-HD window before the first layout.
    func estimatedFirstScreen() -> (columns: Int, rows: Int) {
        let width = gtk_widget_get_width(scrolledWindow), height = gtk_widget_get_height(scrolledWindow)
        let columns = Int(width > 0 ? width : 1920) / cellSide
        let rows = Int(height > 0 ? height : 1080) / cellSide + 1
        return (max(columns, 1), rows)
    }
}
