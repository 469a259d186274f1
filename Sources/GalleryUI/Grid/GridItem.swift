import Foundation
import GalleryCore

/// One entry of the grid and its thumbnail's life: what the entry is, whether its thumbnail is
/// loading, shown or failed, and the texture while it is kept.
///
/// Every entry has an item; only entries near the viewport also have a `TileView` bound to them,
/// so a 10,000-line file costs 10,000 small objects and a few hundred widgets.
@MainActor
final class GridItem {
    /// The line; a new list may move it (another line number), never change its text.
    private(set) var entry: LinkEntry
    /// Position in the grid, set by the grid whenever the list changes.
    var index: Int
    private(set) var state: TileState
    /// The thumbnail, held while `state` is `.loaded`.
    private(set) var image: DecodedImage?
    private var loadTask: Task<Void, Never>?
    /// Identifies the current load, so a finished older one cannot overwrite it.
    private var loadGeneration = 0
    /// For the grid: called after every state change, with the state before it.
    var onStateChange: (@MainActor (GridItem, TileState) -> Void)?
    /// The view showing this item, told of every state change before `onStateChange`. Weak
    /// and owned by the view: a view rebinding elsewhere lets go only of its own binding.
    weak var display: (any GridItemDisplay)?

    init(entry: LinkEntry, index: Int) {
        self.entry = entry
        self.index = index
        switch entry.classification {
        case .invalid: state = .invalid
        case .link(_, guess: .notImage): state = .notImage
        case .link: state = .idle
        }
    }

    /// The same line at another place in a new list: the thumbnail and its load stay.
    func move(to entry: LinkEntry, index: Int) {
        precondition(entry.text == self.entry.text, "an item keeps its line's text")
        self.entry = entry
        self.index = index
    }

    var url: URL? {
        if case .link(let url, _) = entry.classification { return url }
        return nil
    }

    var isImageLink: Bool { !state.isPlaceholder }

    // MARK: Loading

    /// Starts loading the thumbnail unless it is shown or on its way.
    func load(from repository: ImageRepository, priority: LoadPriority) {
        guard let url, state == .idle else { return }
        if let cached = repository.cachedThumbnail(for: url) {
            show(cached)
            return
        }
        set(.loading)
        startLoad(url, from: repository, priority: priority)
    }

    /// An automatic retry: the failure stays on screen until the new attempt ends, so a tile
    /// that keeps failing while offline does not flicker every few seconds.
    func retryQuietly(from repository: ImageRepository) {
        guard let url, case .failed = state, loadTask == nil else { return }
        startLoad(url, from: repository, priority: .prefetch)
    }

    private func startLoad(_ url: URL, from repository: ImageRepository, priority: LoadPriority) {
        loadTask?.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        // The fetch starts now, off the main actor: a task that began on the main actor would
        // first wait for the main thread, which at start-up is busy realizing the window for
        // ~70 ms (the thumbnails then missed the first frame), and while scrolling, drawing.
        let fetch = Task.detached { try await repository.thumbnail(for: url, priority: priority) }
        loadTask = Task { [weak self] in
            let result = await withTaskCancellationHandler { await fetch.result } onCancel: { fetch.cancel() }
            // A load that was cancelled or replaced (unloaded, retried) must not touch the item.
            guard let self, !Task.isCancelled, generation == self.loadGeneration else { return }
            self.loadTask = nil
            switch result {
            case .success(let image):
                self.show(image)
            case .failure(let error):
                let failure = error as? ImageLoadError ?? .damaged
                guard failure != .cancelled else { return }
                let oldState = self.state
                self.set(failure == .notAnImage ? .notImage : .failed(failure))
                // The same failure again: no visible change, but the grid schedules the next try.
                if self.state == oldState { self.onStateChange?(self, oldState) }
            }
        }
    }

    private func show(_ image: DecodedImage) {
        self.image = image
        set(.loaded)
    }

    /// Frees the texture and stops a transfer: the entry scrolled far away. Other states keep
    /// what they have (a failed entry keeps its quiet retry going).
    func unload() {
        guard state == .loaded || state == .loading else { return }
        cancel()
        set(.idle)
    }

    /// Stops any transfer for good: the item is leaving the grid.
    func cancel() {
        loadTask?.cancel()
        loadTask = nil
    }

    /// Forgets a failure so the next `load` tries again.
    func resetFailure() {
        if case .failed = state { set(.idle) }
    }

    /// True for a "Not an image" that came from the server's answer, not from the link itself
    /// (`.html`): that answer may have been a login or error page and is worth asking again.
    var hasProbedVerdict: Bool {
        guard state == .notImage, case .link(_, let guess) = entry.classification else { return false }
        return guess != .notImage
    }

    /// Forgets a probed "Not an image" so the next `load` asks the server again (Refresh).
    func resetProbedVerdict() {
        if hasProbedVerdict { set(.idle) }
    }

    private func set(_ newState: TileState) {
        guard newState != state else { return }
        let oldState = state
        state = newState
        if newState != .loaded { image = nil }
        display?.itemDidChange(self, from: oldState)
        onStateChange?(self, oldState)
    }

    // MARK: Words

    /// The full line, and why it failed. The grid shows it on demand (`query-tooltip`): setting a
    /// tooltip on each tile costs an X round trip per call, seconds for a 10,000-line file.
    var tooltipText: String {
        // The host that is fetched, as DNS sees it: the line may only look like another one.
        let line = entry.fetchedHost.map { entry.text + "\n" + String(format: L10n.tr("Server: %@"), $0) } ?? entry.text
        if case .failed(let error) = state { return "\(ViewerErrorText.explanation(for: error))\n\(line)" }
        return line
    }

    /// What a screen reader says; image tiles always include the URL, placeholders the line.
    var accessibleName: String {
        switch state {
        case .idle, .loading: return String(format: L10n.tr("Image %@ (loading)"), entry.text)
        case .loaded: return String(format: L10n.tr("Image %@"), entry.text)
        case .failed(let error): return String(format: L10n.tr("Image %@ (%@)"), entry.text, ErrorMessages.short(error))
        case .notImage: return String(format: L10n.tr("Not an image: line %d, %@"), entry.lineNumber, entry.text)
        case .invalid: return String(format: L10n.tr("Invalid entry: line %d, %@"), entry.lineNumber, entry.text)
        }
    }
}

/// What shows a `GridItem` (its tile view) and must redraw when the item changes.
@MainActor
protocol GridItemDisplay: AnyObject {
    func itemDidChange(_ item: GridItem, from oldState: TileState)
}
