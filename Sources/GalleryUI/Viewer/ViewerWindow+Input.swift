import CGtk

/// What the canvas's input asks of the window: paging, and fullscreen on a click or tap.
extension ViewerWindow: ViewerInputDelegate {
    var currentPage: Int { paging.index }

    var shownRetryButton: UnsafeMutablePointer<GtkWidget>? { status.isShowingError ? status.errorPage.retryButton : nil }

    func hasPage(_ step: Int) -> Bool { step < 0 ? paging.hasPrevious : paging.hasNext }

    /// Keys, header buttons, the wheel and mouse back/forward: the page turns at once (title,
    /// loads) and the picture slides in like after a swipe.
    func turnPage(_ step: Int) {
        if let slideshow { return stepSlideshow(step, slideshow) }
        let before = paging.index
        go { $0.go(to: $0.index + step) }
        if paging.index == before + step { input.slideIn(from: step) }
    }

    func completeSlide(_ step: Int) { go { $0.go(to: $0.index + step) } }

    /// During a slideshow a tap shows its controls for a moment instead; so does a finger's tap
    /// in fullscreen while the controls are hidden (a finger moves no pointer to bring them
    /// back), and the next tap leaves.
    func toggleFullscreen(byTouch: Bool) {
        if ViewerFullscreenChrome.tapShowsControls(byTouch: byTouch, fullscreen: chrome.isFullscreen,
                                                   controlsRevealed: chrome.controlsRevealed, slideshow: slideshow != nil) {
            chrome.showControls()
        } else {
            chrome.toggle()
        }
    }
}
