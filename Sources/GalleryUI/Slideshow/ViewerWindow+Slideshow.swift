import CGtk
import GalleryCore

/// Starting and ending a slideshow, and what the viewer's keys and taps mean while one runs:
/// arrows step (skipping broken links, looping), Space pauses, Escape or Stop ends it on the
/// picture shown, a tap or a move shows the controls. The properties panel, open when the show
/// starts, is hidden while it runs and comes back after.
extension ViewerWindow {
    func toggleSlideshow() {
        if slideshow == nil { startSlideshow() } else { stopSlideshow() }
    }

    func startSlideshow() {
        guard slideshow == nil, !items.isEmpty else { return }
        let show = ViewerSlideshow(viewer: self, application: application,
                                   intervalSeconds: settings?.slideshowInterval ?? SlideshowModel.defaultInterval)
        slideshow = show
        // The show is the picture alone: a panel beside it would be a light sidebar on black.
        propertiesHiddenBySlideshow = properties.isShown
        if propertiesHiddenBySlideshow { toggleProperties() }
        gtk_window_fullscreen(window.cast())
        slideshowControls.show(intervalSeconds: Int(show.model.interval / .seconds(1)), paused: false)
        refreshPagingActions()
        show.start()
        PerformanceTrace.shared.record(.slideshowStarted, String(paging.index))
    }

    /// Ends the show on the picture then shown, out of fullscreen.
    func stopSlideshow() {
        guard let show = slideshow else { return }
        show.stop()
        slideshow = nil
        slideshowControls.hide()
        refreshPagingActions()
        chrome.leave()
        if propertiesHiddenBySlideshow, !properties.isShown { toggleProperties() }
        propertiesHiddenBySlideshow = false
        PerformanceTrace.shared.record(.slideshowStopped, String(paging.index))
    }

    func toggleSlideshowPause() {
        guard let slideshow else { return }
        slideshow.togglePause()
        slideshowControls.setPaused(slideshow.model.isPaused)
    }

    func setSlideshowInterval(_ seconds: Int) {
        settings?.slideshowInterval = seconds
        slideshow?.setInterval(seconds: seconds)
    }

    /// The show moves on to page `index`.
    func showSlide(_ index: Int) {
        go { $0.go(to: index) }
        PerformanceTrace.shared.record(.slideshowSlide, String(index))
    }

    /// An arrow key or button while the show runs: the next or previous page that did not fail,
    /// looping, sliding in like any page turn.
    func stepSlideshow(_ step: Int, _ slideshow: ViewerSlideshow) {
        let target: Int?
        if step > 0 {
            switch slideshow.model.next(after: paging.index, readiness: slideshow.readiness) {
            case .advance(let index), .waitFor(let index): target = index
            case .stay: target = nil
            }
        } else {
            target = slideshow.previousPage()
        }
        guard let target else { return }
        go { $0.go(to: target) }
        input.slideIn(from: step)
    }
}
