import CGtk
import GObjectSupport
import GalleryCore

/// A slideshow in the viewer: full screen, one picture every few seconds (`SlideshowModel`),
/// the next one decoded before its turn (`ViewerPageStore.pinned`), the screen kept from
/// blanking or locking (`gtk_application_inhibit`), and its controls on a tap or a move.
///
/// The viewer owns it while it runs; `stop()` leaves the picture then shown on screen.
@MainActor
final class ViewerSlideshow {
    private(set) var model: SlideshowModel
    private unowned let viewer: ViewerWindow
    private let application: OpaquePointer
    private let timer = MainLoopSource()
    private var inhibitCookie: guint = 0
    private let origin = ContinuousClock.now
    /// How often a show waiting for a page that is still decoding looks again (it is also told
    /// when a page's state changes).
    static let waitMilliseconds: UInt32 = 500

    init(viewer: ViewerWindow, application: OpaquePointer, intervalSeconds: Int) {
        self.viewer = viewer
        self.application = application
        model = SlideshowModel(count: viewer.items.count, intervalSeconds: intervalSeconds, now: .zero)
    }

    private var now: Duration { ContinuousClock.now - origin }

    func start() {
        model.pictureShown(now: now)
        inhibitCookie = gtk_application_inhibit(application.cast(), viewer.window.cast(), GTK_APPLICATION_INHIBIT_IDLE,
                                                L10n.tr("Slideshow"))
        pinUpcoming()
        schedule()
    }

    /// Ends the show on the picture shown; the screen may sleep again.
    func stop() {
        timer.cancel()
        if inhibitCookie != 0 { gtk_application_uninhibit(application.cast(), inhibitCookie) }
        inhibitCookie = 0
        viewer.store.pinned = nil
    }

    func togglePause() {
        model.togglePause(now: now)
        schedule()
    }

    func setInterval(seconds: Int) {
        model.setInterval(seconds: seconds, now: now)
        schedule()
    }

    /// The page changed by hand (an arrow key, a swipe): it gets a whole interval.
    func pageChanged() {
        model.pictureShown(now: now)
        pinUpcoming()
        schedule()
    }

    /// A page finished loading or failed: the show may be waiting for it.
    func pageStateChanged() {
        pinUpcoming()
        if model.dueAt.map({ now >= $0 }) ?? false { tick() }
    }

    /// Whether a change of picture is scheduled (not while paused).
    var isScheduled: Bool { timer.isPending }

    /// What `SlideshowModel` needs to know of a page.
    func readiness(_ index: Int) -> SlideshowModel.Readiness {
        switch viewer.store.state(at: index) {
        case .loaded: .ready
        case .failed: .failed
        case .loading, nil: .loading
        }
    }

    /// A step back by hand skips the pages that failed, as the show does going forward.
    func previousPage() -> Int? { model.previous(before: viewer.paging.index, readiness: readiness) }

    /// The next page the show will need, loaded ahead when its neighbours are not it (the
    /// first page, after the last; the page past broken links).
    private func pinUpcoming() {
        switch model.next(after: viewer.paging.index, readiness: readiness) {
        case .advance(let index), .waitFor(let index): viewer.store.pinned = index
        case .stay: viewer.store.pinned = nil
        }
    }

    private func schedule() {
        guard let due = model.dueAt else { return timer.cancel() }
        let wait = max(.zero, due - now)
        timer.after(milliseconds: UInt32(wait / .milliseconds(1)) + 1) { [weak self] in self?.tick() }
    }

    private func tick() {
        switch model.step(now: now, from: viewer.paging.index, readiness: readiness) {
        case .advance(let index):
            // Shown from now on before the page turns: turning it changes pages' states, which
            // calls `pageStateChanged` at once, and a picture still due then moved the show on
            // again, past the page just turned to (issue 35: the fifth of six never shown).
            model.pictureShown(now: now)
            viewer.showSlide(index)
            pinUpcoming()
            schedule()
        case .waitFor(let index):
            viewer.store.pinned = index
            timer.after(milliseconds: Self.waitMilliseconds) { [weak self] in self?.tick() }
        case .stay:
            model.pictureShown(now: now)
            schedule()
        case nil:
            schedule()
        }
    }
}
