import Foundation
import GObjectSupport
import GalleryCore

/// Follows the download of the page shown while its original has not arrived: a few times a
/// second it updates the progress bar (after half a second: most pages arrive sooner, and a
/// bar that flashes says nothing) and asks for the rows received so far to be drawn. Decoding
/// runs off the main thread, one at a time and spaced by its own cost
/// (`ViewerStandIns.refreshPartial`), so a slow core draws less often, never later.
///
/// Each change on screen costs a frame of the whole window (about 30 ms with software
/// rendering), so the bar moves in the same frame as new rows when rows are on their way
/// (`rowsArrived`), and on its own only when they are not.
@MainActor
final class ViewerArrivalWatch {
    static let tickMilliseconds: UInt32 = 300
    static let progressDelay = Duration.milliseconds(500)

    private let store: ViewerPageStore
    private let view: ViewerDownloadProgress
    private let timer = MainLoopSource()
    private var page: Int?
    private var since = ContinuousClock.now

    init(store: ViewerPageStore, view: ViewerDownloadProgress) {
        self.store = store
        self.view = view
    }

    /// Page `index` is shown and loading: watched from now (again only after a page turn).
    func watch(page index: Int) {
        if page != index {
            page = index
            since = .now
            view.hide()
            timer.cancel()
        }
        if !timer.isPending { scheduleTick() }
    }

    /// The page shown has its picture, or failed: nothing more to follow.
    func stop() {
        page = nil
        timer.cancel()
        view.hide()
    }

    /// The window is going away (its widgets may be gone already): only the timer stops.
    func invalidate() {
        page = nil
        timer.cancel()
    }

    private func scheduleTick() {
        timer.after(milliseconds: Self.tickMilliseconds) { [weak self] in self?.tick() }
    }

    private func tick() {
        guard let page, case .loading = store.state(at: page) else { return stop() }
        if let progress = store.progress(at: page), !store.refreshPartial(at: page, received: progress.receivedBytes) {
            show(progress)
        }
        scheduleTick()
    }

    /// New rows of the page are on screen: the bar catches up in the same frame.
    func rowsArrived(on index: Int) {
        guard index == page, let progress = store.progress(at: index) else { return }
        show(progress)
    }

    private func show(_ progress: DownloadProgress) {
        if ContinuousClock.now - since >= Self.progressDelay { view.show(progress) }
    }
}
