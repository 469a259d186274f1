import Foundation
import GalleryCore

/// Loads the current original and its neighbours, cancels what was flicked past and drops
/// textures that left the window of kept pages, so memory stays bounded however far one pages.
///
/// Pages are decoded at the size the screen shows them (`screen`); the one page a person zooms
/// into past that gets its detail (`detail`): what is on screen and a margin, as fine as the
/// zoom (of a JPEG; other formats whole), released when the zoom or the page is left. At most:
/// the current page's detail, every kept page at screen size.
@MainActor
final class ViewerPageStore {
    enum PageState {
        case loading
        case loaded(DecodedImage)
        case failed(LoadError)

        var failure: LoadError? {
            if case .failed(let error) = self { return error }
            return nil
        }
    }

    private struct Load {
        let id: Int
        /// Raised when the person turns to the page, lowered when they leave it: its download
        /// and decode follow, so a neighbour turned to is the same load, not a second one.
        let priority: SharedPriority
        let task: Task<Void, Never>
    }

    let items: [ViewerItem]
    let source: any OriginalImageSource
    private var states: [Int: PageState] = [:]
    private var loads: [Int: Load] = [:]
    var nextLoadID = 0
    /// The page shown, and the neighbours to prefetch once it is on screen.
    private var current: Int?
    private var waitingPrefetches: [Int] = []
    /// A page kept and loaded ahead besides the neighbours: a slideshow's next picture when it
    /// is not one of them (the first page after the last, the page past broken links).
    var pinned: Int? {
        didSet {
            guard pinned != oldValue else { return }
            if let oldValue, oldValue != current, !isNeighbour(oldValue) { forgetPage(oldValue) }
            if let pinned, !waitingPrefetches.contains(pinned) { waitingPrefetches.append(pinned) }
            startPrefetchesOnceCurrentIsDone()
        }
    }
    private var keptRange: Range<Int> = 0..<0
    /// The device-pixel box pages are decoded to fit (nil: full size).
    private(set) var screen: PixelSize?
    /// The pixels of one page finer than its screen-sized picture, while its zoom needs them
    /// (`ViewerPageStore+Detail`; set there only). `detailIsFirst`: they are a zoom's first,
    /// what is on screen, and the margin around it is still to come.
    var detail: (index: Int, image: FullDetailImage)?
    var detailIsFirst = false
    var detailLoad: DetailLoad?
    /// The margin a zoom's first detail waits for until it is painted (`loadPendingMargin`).
    var pendingMargin: (index: Int, region: DetailRegion)?
    /// What pages show until their originals are decoded: thumbnail, then rows as they arrive.
    let standIns: ViewerStandIns
    /// Called with the page index whenever that page's state (or what stands in for it) changes.
    var onChange: ((Int) -> Void)?
    /// Called when `detail` arrives or goes.
    var onDetailChange: (() -> Void)?

    init(items: [ViewerItem], source: any OriginalImageSource, screen: PixelSize? = nil) {
        self.items = items
        self.source = source
        self.screen = screen
        standIns = ViewerStandIns(source: source)
        standIns.onChange = { [weak self] index in self?.onChange?(index) }
    }

    func state(at index: Int) -> PageState? { states[index] }

    func image(at index: Int) -> DecodedImage? {
        if case .loaded(let image) = states[index] { return image }
        return nil
    }

    /// Indices with a load in flight, for tests and diagnostics.
    var loadingIndices: Set<Int> { Set(loads.keys) }
    var decodedIndices: Set<Int> { Set(states.compactMap { if case .loaded = $0.value { $0.key } else { nil } }) }

    /// Brings loads in line with the page shown: current first, then neighbours; everything else
    /// is cancelled and forgotten.
    func update(for paging: PagingModel) {
        keptRange = paging.keptIndices
        for index in Set(loads.keys).union(states.keys) where !paging.keeps(index) && index != pinned { forgetPage(index) }
        standIns.keepPartial(onlyFor: paging.index)
        if let index = detail?.index ?? detailLoad?.index, index != paging.index { releaseDetail() }
        guard paging.count > 0 else { return }
        current = paging.index
        // The page left is a neighbour now: it no longer goes before the one turned to.
        for (index, load) in loads where index != paging.index { load.priority.set(.prefetch) }
        load(paging.index, priority: .interactive)
        waitingPrefetches = paging.prefetchIndices + (pinned.map { [$0] } ?? [])
        startPrefetchesOnceCurrentIsDone()
    }

    private func isNeighbour(_ index: Int) -> Bool { keptRange.contains(index) }

    /// Cancels page `index`'s load and lets its picture go.
    private func forgetPage(_ index: Int) {
        loads.removeValue(forKey: index)?.task.cancel()
        states[index] = nil
        standIns.forget(index)
    }

    /// Neighbours start when the page shown has its picture on screen (`currentPageShown`) or
    /// failed: until then they would share its two cores and its disk reads (a cold 24 MP page
    /// took 3.9 times an in-process decode with them, see BENCHMARKS.md), and started as soon as
    /// it was decoded, they took the cores from the frame that shows it (64 ms of its 225).
    private func startPrefetchesOnceCurrentIsDone() {
        guard let current, loads[current] == nil else { return }
        let indices = waitingPrefetches
        waitingPrefetches = []
        for index in indices { load(index, priority: .prefetch) }
    }

    /// The viewport changed. When it grew past what loaded pages were decoded for, those are
    /// decoded again (the current one first); they stay shown until the sharper one arrives.
    func setScreen(_ box: PixelSize, paging: PagingModel) {
        guard box != screen else { return }
        screen = box
        for index in [paging.index] + paging.prefetchIndices {
            guard let image = image(at: index), image.isScreenSized else { continue }
            let wanted = ScreenFit.fitted(image.sourceSize, in: box)
            if image.texture.pixelWidth < wanted.width - 1 || image.texture.pixelHeight < wanted.height - 1 {
                load(index, priority: index == paging.index ? .interactive : .prefetch, replacing: true)
            }
        }
    }

    /// Forgets a failure and tries again at interactive priority.
    func retry(_ index: Int) {
        if case .failed = states[index] { states[index] = nil }
        load(index, priority: .interactive)
    }

    func cancelAll() {
        loads.values.forEach { $0.task.cancel() }
        loads.removeAll()
        standIns.cancelAll()
        releaseDetail()
    }

    // MARK: Loading

    /// `replacing`: a page already shown is decoded again (a larger screen); it stays shown.
    private func load(_ index: Int, priority: LoadPriority, replacing: Bool = false) {
        guard items.indices.contains(index) else { return }
        switch states[index] {
        case .loaded where !replacing, .failed: return // failures wait for Retry
        case .loaded, .loading, nil: break
        }
        if !replacing, let running = loads[index] {
            if priority > running.priority.current { running.priority.set(priority) }
            return
        }
        let previous = loads[index]
        nextLoadID += 1
        let id = nextLoadID
        let url = items[index].url
        let source = source, screen = screen, shared = SharedPriority(priority)
        if !replacing {
            states[index] = .loading
            standIns.start(index, url: url)
            onChange?(index)
        }
        let task = Task { @MainActor [weak self] in
            let outcome: Result<DecodedImage, LoadError>
            do {
                outcome = .success(try await source.original(for: url, fitting: screen, priority: shared))
            } catch let error as LoadError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.cancelled)
            }
            self?.finish(index, id: id, outcome: outcome)
        }
        loads[index] = Load(id: id, priority: shared, task: task)
        // Start the new request before cancelling the old one: the repository coalesces both onto
        // one download, which then survives with the higher priority.
        previous?.task.cancel()
    }

    private func finish(_ index: Int, id: Int, outcome: Result<DecodedImage, LoadError>) {
        guard loads[index]?.id == id else { return } // superseded or cancelled
        loads[index] = nil
        standIns.forget(index)
        switch (outcome, states[index]) {
        case (.success(let image), _): states[index] = .loaded(image)
        case (.failure, .loaded?): return // a sharper decode failed; the one shown stays
        case (.failure(let error), _): states[index] = .failed(error)
        }
        onChange?(index)
        if index == current, case .failed = states[index] { startPrefetchesOnceCurrentIsDone() }
    }

    /// The page shown has its picture on screen: its neighbours may start.
    func currentPageShown(_ index: Int) {
        guard index == current else { return }
        startPrefetchesOnceCurrentIsDone()
    }
}
