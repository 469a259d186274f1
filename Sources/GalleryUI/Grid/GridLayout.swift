/// Where the grid's entries fall, by arithmetic.
///
/// The grid gives widgets only to the rows near the viewport, so the position of every other
/// entry is computed from the row height and column count the FlowBox last laid out, never
/// measured. Coordinates start at the top of the first row.
struct GridLayout: Equatable {
    var count: Int
    /// At least 1.
    var columns: Int
    /// Height of one row including spacing, in pixels; greater than 0.
    var rowHeight: Double

    var rows: Int { (count + columns - 1) / columns }

    func row(of index: Int) -> Int { index / columns }

    func top(ofRow row: Int) -> Double { Double(row) * rowHeight }

    /// Rows that intersect the band from `top` to `bottom`, clamped to the grid.
    func rows(from top: Double, to bottom: Double) -> Range<Int> {
        let first = min(max(Int((top / rowHeight).rounded(.down)), 0), rows)
        // A row that only touches the band's bottom edge is not in it.
        let end = min(max(Int((bottom / rowHeight).rounded(.up)), first), rows)
        return first..<end
    }

    /// The entries in `rows`; the last row may be short.
    func indices(ofRows rows: Range<Int>) -> Range<Int> {
        min(rows.lowerBound * columns, count)..<min(rows.upperBound * columns, count)
    }

    /// The rows that should have widgets when `visible` rows are on screen.
    ///
    /// Half a screen of rows above and below, so scrolling and arrow keys land on tiles that
    /// exist (Home, End and Page keys make their own); `current` is kept until less than a
    /// quarter of a screen is left on either side, so most scroll steps change nothing and a
    /// move shifts at least a quarter of a screen at once.
    func materializedRows(current: Range<Int>, visible: Range<Int>, rowsPerScreen: Int) -> Range<Int> {
        let margin = max((rowsPerScreen + 1) / 2, 1)
        let wanted = max(visible.lowerBound - margin, 0)..<min(visible.upperBound + margin, rows)
        let needed = max(visible.lowerBound - margin / 2, 0)..<min(visible.upperBound + margin / 2, rows)
        let tooLarge = current.count > wanted.count + 2 * margin
        if current.lowerBound <= needed.lowerBound, current.upperBound >= needed.upperBound, !tooLarge {
            return current
        }
        return wanted
    }
}
