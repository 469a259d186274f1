import CGtk
import GalleryCore

/// The range of tile views that follows the viewport, and what loads: on screen first, then a
/// screen around; what is far away is let go.
extension GalleryGrid {
    /// Moves the range of views with the viewport, loads what is on screen first and then one
    /// screen around, and unloads what is far away.
    func updateWindow() {
        windowUpdate.cancel()
        guard !items.isEmpty else {
            tiles.show(0..<0, heightAbove: 0, heightBelow: 0)
            return
        }
        let top = gtk_adjustment_get_value(vadjustment) - Double(Self.edge)
        let page = max(gtk_adjustment_get_page_size(vadjustment), 1)
        let visible: Range<Int>, materialized: Range<Int>, prefetch: Range<Int>
        var lostFocus = false
        if let layout {
            let visibleRows = layout.rows(from: top, to: top + page)
            let screen = max(Int((page / layout.rowHeight).rounded(.up)), 1)
            let current = alignedRows(of: tiles.range, in: layout)
            let rows = layout.materializedRows(current: current, visible: visibleRows, rowsPerScreen: screen)
            materialized = layout.indices(ofRows: rows)
            let value = gtk_adjustment_get_value(vadjustment)
            lostFocus = tiles.show(materialized, heightAbove: Int(layout.top(ofRow: rows.lowerBound)),
                                   heightBelow: Int(layout.top(ofRow: layout.rows - rows.upperBound)))
            // GTK hands the focus of a removed tile to the FlowBox, and the viewport starts
            // scrolling to the FlowBox's top; setting the value again stops that animation.
            if lostFocus { gtk_adjustment_set_value(vadjustment, value) }
            visible = layout.indices(ofRows: visibleRows)
            // Thumbnails load a screen ahead, before their rows have widgets, and are let go
            // beyond that; scrolling back finds recent ones in the repository's memory cache.
            prefetch = layout.indices(ofRows: max(visibleRows.lowerBound - screen, 0)..<(visibleRows.upperBound + screen))
        } else {
            // Not laid out yet: views for a first screen, corrected once the FlowBox is measured;
            // the rest is guessed at the natural cell size so the scrollbar is about right.
            let guess = estimatedFirstScreen()
            materialized = 0..<min(items.count, guess.columns * guess.rows)
            let rowsBelow = (items.count - materialized.count + guess.columns - 1) / guess.columns
            tiles.show(materialized, heightAbove: 0, heightBelow: rowsBelow * cellSide)
            visible = materialized
            prefetch = materialized
        }
        // What is prefetched is also what is kept: a texture or transfer further away is let go.
        if planner.update(visible: visible, near: prefetch) { heapTrimmer.memoryWasReleased() }
        lastVisibleRange = visible
        if lostFocus { focusFirstVisibleTile() }
        mirrorSelection()
        traceReadiness()
    }

    /// For `tools/bench`: when every tile on screen, then every tile, has settled.
    func traceReadiness() {
        let trace = PerformanceTrace.shared
        guard trace.isEnabled, !items.isEmpty else { return }
        if !lastVisibleRange.isEmpty, lastVisibleRange.allSatisfy({ items[safe: $0]?.state.isSettled ?? true }) {
            if trace.recordOnce(.visibleThumbnailsReady, String(lastVisibleRange.count)) {
                trace.recordOnceAtNextPaint(of: scrolledWindow, .visibleThumbnailsShown, String(lastVisibleRange.count))
            }
        }
        if list.counts.allSettled { trace.recordOnce(.allThumbnailsReady, String(items.count)) }
    }
}
