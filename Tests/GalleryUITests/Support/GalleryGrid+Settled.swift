import CGtk
@testable import GalleryUI

extension GalleryGrid {
    /// The FlowBox has been measured and the scrolled height is what the measured rows add up
    /// to (plus the edges above and below): no layout correction is still on its way.
    @MainActor
    var hasSettledLayout: Bool {
        guard let layout else { return false }
        let edges = Double(2 * GalleryGrid.edge)
        return abs(gtk_adjustment_get_upper(vadjustment) - Double(layout.rows) * layout.rowHeight - edges) < 2
    }
}
