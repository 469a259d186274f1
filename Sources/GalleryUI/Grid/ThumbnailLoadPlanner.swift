import Foundation
import GalleryCore

/// Decides which thumbnails load, at which priority, which are let go, and when failures are
/// tried again; the only thing that changes a `GridItem`'s loading state. No GTK: the grid
/// tells it which entries are on screen and which are near, nothing more.
///
/// Entries on screen load first, then a screen around; entries further away drop their
/// textures and cancel their transfers, so memory stays bounded on huge files. Transient
/// failures near the viewport retry by themselves with the `RetryScheduler`'s backoff.
@MainActor
final class ThumbnailLoadPlanner {
    private struct Load {
        let serial: Int
        let task: Task<Void, Never>
        /// Where the tile's download and decode wait in line; follows the tile (`update`).
        let priority: SharedPriority
    }

    private let list: TileList
    private let source: any ThumbnailSource
    private let retries: RetryScheduler
    /// Loads under way, by item id.
    private var loads: [Int: Load] = [:]
    private var nextSerial = 0
    /// Items that hold a texture or a transfer: the only ones worth letting go.
    private var holders: [Int: GridItem] = [:]
    /// Entries within a screen of the viewport: their failures retry by themselves.
    private(set) var nearRange: Range<Int> = 0..<0
    /// Pixels of a thumbnail's side (`ThumbnailSize`); nil until the grid says: the source's own.
    private(set) var thumbnailSide: Int?

    init(list: TileList, source: any ThumbnailSource, retries: RetryScheduler) {
        self.list = list
        self.source = source
        self.retries = retries
    }

    /// Loads what is `visible` first, then the rest of `near`, and lets go of what holds a
    /// texture or transfer outside `near`. Returns true when something was let go.
    @discardableResult
    func update(visible: Range<Int>, near: Range<Int>) -> Bool {
        let items = list.items
        for index in visible.clamped(to: items.indices) { load(items[index], priority: .visible) }
        for index in near.clamped(to: items.indices) where !visible.contains(index) { load(items[index], priority: .prefetch) }
        nearRange = near
        let far = holders.values.filter { !near.contains($0.index) }
        for item in far { unload(item) }
        return !far.isEmpty
    }

    /// Thumbnails of another size from now on (the person chose larger or smaller tiles): those
    /// shown and on their way are let go, and the next `update` loads the new size, from the
    /// originals on disk rather than the network.
    func setThumbnailSide(_ side: Int?) {
        guard side != thumbnailSide else { return }
        thumbnailSide = side
        for item in Array(holders.values) { unload(item) }
    }

    /// Retry now: a person pressed a tile's Retry button.
    func retryNow(_ item: GridItem) {
        retries.reset(retryKey(item))
        resetFailure(item)
        load(item, priority: .interactive)
    }

    /// Forgets every failure, so the entries near the viewport load again at the next `update`.
    func forgetFailures() {
        for item in list.all { resetFailure(item) }
    }

    /// Asks the server again about links that once answered with something other than an
    /// image (a captive portal's login page, a proxy error); `done` runs once they are idle.
    func recheckVerdicts(done: @escaping @MainActor () -> Void) {
        let probed = list.all.filter(\.hasProbedVerdict)
        guard !probed.isEmpty else { return }
        let source = self.source
        Task {
            for item in probed {
                if let url = item.url { await source.forgetFailure(for: url) }
                if item.hasProbedVerdict { item.update(.idle) }
            }
            done()
        }
    }

    /// Stops everything for items that left the list (or all of them: the window closes).
    func release(_ items: [GridItem]) {
        for item in items {
            retries.reset(retryKey(item))
            holders[item.id] = nil
            cancelLoad(item)
        }
    }

    // MARK: One item

    /// Starts loading the thumbnail unless it is shown, on its way, or not an image. A load on
    /// its way takes the tile's priority now (a prefetch scrolled into view goes ahead of the
    /// other prefetches; a visible one scrolled off falls back), except a Retry a person pressed.
    private func load(_ item: GridItem, priority: LoadPriority) {
        if let load = loads[item.id], load.priority.current != .interactive { load.priority.set(priority) }
        guard let url = item.url, item.state == .idle else { return }
        if let cached = source.cachedThumbnail(for: url, side: thumbnailSide) {
            retries.reset(retryKey(item))
            set(item, .loaded, image: cached)
            return
        }
        set(item, .loading)
        start(item, url, priority: priority)
    }

    /// An automatic retry: the failure stays on screen until the new attempt ends, so a tile
    /// that keeps failing while offline does not flicker every few seconds.
    private func retryQuietly(_ item: GridItem) {
        guard let url = item.url, case .failed = item.state, loads[item.id] == nil else { return }
        start(item, url, priority: .prefetch)
    }

    private func start(_ item: GridItem, _ url: URL, priority: LoadPriority) {
        cancelLoad(item)
        nextSerial += 1
        let serial = nextSerial
        let source = self.source
        // The fetch starts now, off the main actor: a task that began on the main actor would
        // first wait for the main thread, which at start-up is busy realizing the window for
        // ~70 ms (the thumbnails then missed the first frame), and while scrolling, drawing.
        let shared = SharedPriority(priority)
        let side = thumbnailSide
        let fetch = Task.detached { try await source.thumbnail(for: url, side: side, priority: shared) }
        let task = Task { [weak self, weak item] in
            let result = await withTaskCancellationHandler { await fetch.result } onCancel: { fetch.cancel() }
            // A load that was cancelled or replaced (unloaded, retried) must not touch the item.
            guard let self, let item, !Task.isCancelled, self.loads[item.id]?.serial == serial else { return }
            self.loads[item.id] = nil
            self.finish(item, result)
        }
        loads[item.id] = Load(serial: serial, task: task, priority: shared)
    }

    private func finish(_ item: GridItem, _ result: Result<ThumbnailImage, any Error>) {
        switch result {
        case .success(let image):
            retries.reset(retryKey(item))
            set(item, .loaded, image: image)
        case .failure(let error):
            let failure = error as? LoadError ?? .couldNotDecode
            guard failure != .cancelled else { return }
            if failure == .notAnImage {
                retries.reset(retryKey(item))
                set(item, .notImage)
                return
            }
            set(item, .failed(failure))
            // The same failure again changes nothing on screen, but the next try is scheduled.
            if failure.isTransient { scheduleRetry(item) }
        }
    }

    private func scheduleRetry(_ item: GridItem) {
        retries.schedule(retryKey(item)) { [weak self, weak item] in
            guard let self, let item, self.list.contains(item) else { return }
            if self.nearRange.contains(item.index) {
                self.retryQuietly(item)
            } else {
                self.resetFailure(item) // loads again when it comes near
            }
        }
    }

    /// Frees the texture and stops a transfer: the entry went far away. A failed entry keeps
    /// its quiet retry going.
    private func unload(_ item: GridItem) {
        guard item.state == .loaded || item.state == .loading else { return }
        cancelLoad(item)
        set(item, .idle)
    }

    private func resetFailure(_ item: GridItem) {
        if case .failed = item.state { set(item, .idle) }
    }

    private func cancelLoad(_ item: GridItem) {
        loads.removeValue(forKey: item.id)?.task.cancel()
    }

    private func set(_ item: GridItem, _ state: TileState, image: ThumbnailImage? = nil) {
        holders[item.id] = state == .loaded || state == .loading ? item : nil
        item.update(state, image: image)
    }

    private func retryKey(_ item: GridItem) -> String { "tile-\(item.id)" }
}
