import CGtk

/// What the canvas input asks of the viewer window.
@MainActor
protocol ViewerInputDelegate: AnyObject {
    /// The index of the page shown (for the trace the touch tests read).
    var currentPage: Int { get }
    /// The error page's Retry button while it shows (for the same trace).
    var shownRetryButton: UnsafeMutablePointer<GtkWidget>? { get }
    /// Whether there is a page `step` (−1 or +1) away.
    func hasPage(_ step: Int) -> Bool
    /// Go `step` pages at once (mouse back/forward, wheel at best fit).
    func turnPage(_ step: Int)
    /// A slide ended showing the neighbour `step` away: make it current without another jump.
    func completeSlide(_ step: Int)
    /// A click or a tap on the picture; `byTouch`: a finger's.
    func toggleFullscreen(byTouch: Bool)
}
