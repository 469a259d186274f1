import CGtk
import GObjectSupport

/// The part of the grid that has widgets: a contiguous range of entries shown in a GtkFlowBox,
/// between two empty spacers as tall as the rows above and below it.
///
/// FlowBox lays out and measures every child on each allocation, and each child costs tens of
/// kilobytes with its accessible object, so a 10,000-line file made every scroll frame slow and
/// the app large. Here the FlowBox holds only the rows near the viewport; views that leave the
/// range are unbound and reused for the ones that enter it.
/// ```
/// GtkBox.gallery-content   the scrolled window's child
/// ├─ GtkBox                spacer: the rows above the range
/// ├─ GtkFlowBox            the range's views, whole rows only
/// └─ GtkBox                spacer: the rows below
/// ```
@MainActor
final class MaterializedTiles {
    let content: UnsafeMutablePointer<GtkWidget>
    let flowBox: UnsafeMutablePointer<GtkWidget>
    private let spacerAbove: UnsafeMutablePointer<GtkWidget>
    private let spacerBelow: UnsafeMutablePointer<GtkWidget>
    /// The entries that have views, in grid order.
    private(set) var range: Range<Int> = 0..<0
    /// `views[i]` shows entry `range.lowerBound + i`.
    private(set) var views: [TileView] = []
    private var spares: [TileView] = []
    /// Makes a view when no spare is left.
    var makeView: @MainActor () -> TileView = { TileView() }
    /// Shows entry `index` in a view that enters the range.
    var bind: @MainActor (TileView, Int) -> Void = { _, _ in }

    init(flowBox: UnsafeMutablePointer<GtkWidget>) {
        self.flowBox = flowBox
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(content, "gallery-content")
        spacerAbove = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        spacerBelow = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        for part in [spacerAbove, flowBox, spacerBelow] { gtk_box_append(content.cast(), part) }
    }

    func view(at index: Int) -> TileView? {
        range.contains(index) ? views[index - range.lowerBound] : nil
    }

    /// The entry a FlowBox child shows.
    func index(of child: UnsafeMutableRawPointer?) -> Int? {
        guard let child else { return nil }
        let position = Int(gtk_flow_box_child_get_index(child.cast()))
        return views.indices.contains(position) ? range.lowerBound + position : nil
    }

    /// Gives views to `newRange`, keeping those of entries that stay, and sizes the spacers.
    /// Returns true when the view that had keyboard focus was taken away.
    @discardableResult
    func show(_ newRange: Range<Int>, heightAbove: Int, heightBelow: Int) -> Bool {
        var lostFocus = false
        if newRange != range {
            let kept = range.clamped(to: newRange)
            if kept.isEmpty {
                lostFocus = release(views[...])
                views = []
                range = newRange.lowerBound..<newRange.lowerBound
            } else {
                let firstKept = kept.lowerBound - range.lowerBound
                // Both ends are released, whichever held the focus (no short-circuit here).
                let lostAtStart = release(views[..<firstKept])
                let lostAtEnd = release(views[(firstKept + kept.count)...])
                lostFocus = lostAtStart || lostAtEnd
                views = Array(views[firstKept..<(firstKept + kept.count)])
                range = kept
            }
            // Entries before the kept ones go in front, in reverse so each lands at position 0.
            for index in (newRange.lowerBound..<range.lowerBound).reversed() {
                let view = takeView(for: index)
                gtk_flow_box_insert(flowBox.opaque, view.child, 0)
                views.insert(view, at: 0)
            }
            for index in range.upperBound..<newRange.upperBound {
                let view = takeView(for: index)
                gtk_flow_box_append(flowBox.opaque, view.child)
                views.append(view)
            }
            range = newRange
        }
        setHeight(spacerAbove, heightAbove)
        setHeight(spacerBelow, heightBelow)
        return lostFocus
    }

    /// Views that stay where they are but must show other entries (a new list).
    func rebindAll() {
        for (offset, view) in views.enumerated() { bind(view, range.lowerBound + offset) }
    }

    /// Gives back every widget: the window is being destroyed, and GTK takes the FlowBox's
    /// children out itself (removing them here would touch a FlowBox being disposed).
    func disposeAll() {
        for view in views + spares { view.dispose() }
        views = []
        spares = []
        range = 0..<0
    }

    private func takeView(for index: Int) -> TileView {
        let view = spares.popLast() ?? makeView()
        bind(view, index)
        return view
    }

    private func release(_ leaving: ArraySlice<TileView>) -> Bool {
        var hadFocus = false
        let focused = gtk_widget_get_focus_child(flowBox)
        for view in leaving {
            if view.child == focused { hadFocus = true }
            gtk_flow_box_remove(flowBox.opaque, view.child)
            view.unbind()
            spares.append(view)
        }
        // Spares beyond what a range may need again are freed; a resize can shrink it a lot.
        let limit = max(views.count, 64)
        while spares.count > limit { spares.removeFirst().dispose() }
        return hadFocus
    }

    private func setHeight(_ spacer: UnsafeMutablePointer<GtkWidget>, _ height: Int) {
        var current: gint = 0
        gtk_widget_get_size_request(spacer, nil, &current)
        if current != height { gtk_widget_set_size_request(spacer, -1, gint(height)) }
    }
}
