/// What the canvas's input asks of the window: paging, and fullscreen on a click or tap.
extension ViewerWindow: ViewerInputDelegate {
    var currentPage: Int { paging.index }

    func hasPage(_ step: Int) -> Bool { step < 0 ? paging.hasPrevious : paging.hasNext }

    /// Keys, header buttons, the wheel and mouse back/forward: the page turns at once (title,
    /// loads) and the picture slides in like after a swipe.
    func turnPage(_ step: Int) {
        let before = paging.index
        go { $0.go(to: $0.index + step) }
        if paging.index == before + step { input.slideIn(from: step) }
    }

    func completeSlide(_ step: Int) { go { $0.go(to: $0.index + step) } }

    func toggleFullscreen() { chrome.toggle() }
}
