import Foundation
import GalleryCore

/// What pages show while their originals are on their way: the thumbnail's whole picture at
/// the original's size (`OriginalImageSource.preview`), and for the page shown, the rows of the
/// original received so far drawn over it (`partialOriginal`), so a person on a slow network
/// sees the picture at once and watches it sharpen, never a blank page.
///
/// One partial decode runs at a time and only for the page shown: one turned away from stops
/// it (its decode budget goes back) and lets its partial picture go.
@MainActor
final class ViewerStandIns {
    private let source: any OriginalImageSource
    private var previews: [Int: DecodedImage] = [:]
    private var previewLoads: [Int: Task<Void, Never>] = [:]
    private var partial: (index: Int, image: DecodedImage)?
    private var partialLoad: (index: Int, task: Task<Void, Never>)?
    /// Bytes that had arrived when the newest partial decode was asked for.
    private var partialBytes = 0
    /// No partial decode starts before this: decodes leave the cores idle at least twice as
    /// long as they took, so on two cores the main loop and the download keep theirs.
    private var nextPartialAt = ContinuousClock.now
    static let partialIdleFactor = 2.0
    /// Called with a page's index when what stands in for it changed.
    var onChange: ((Int) -> Void)?

    init(source: any OriginalImageSource) {
        self.source = source
    }

    /// The page starts loading: its thumbnail is looked up (a small disk read).
    func start(_ index: Int, url: URL) {
        guard previews[index] == nil, previewLoads[index] == nil else { return }
        let source = source
        previewLoads[index] = Task { @MainActor [weak self] in
            let preview = await source.preview(for: url)
            guard let self, !Task.isCancelled else { return }
            self.previewLoads[index] = nil
            guard let preview else { return }
            self.previews[index] = preview
            self.onChange?(index)
        }
    }

    /// What to draw for the page: the rows received, else the thumbnail.
    func image(at index: Int) -> DecodedImage? {
        if let partial, partial.index == index { return partial.image }
        return previews[index]
    }

    /// What to draw beneath `image(at:)`: the thumbnail, where rows have not arrived yet.
    func underlay(at index: Int) -> TextureHandle? {
        guard let partial, partial.index == index else { return nil }
        return previews[index]?.texture
    }

    /// True while a partial decode for the page runs (for tests and the bench).
    func isDecodingPartial(_ index: Int) -> Bool { partialLoad?.index == index }

    /// Draws what has arrived of page `index`, once `received` bytes are in: skipped while the
    /// previous decode still runs (so decodes never queue up behind a slow network or a busy
    /// core), soon after it (`partialIdleFactor`), or when nothing new arrived since. True when
    /// a decode started.
    @discardableResult
    func refreshPartial(_ index: Int, url: URL, screen: PixelSize, received: Int) -> Bool {
        keepPartial(onlyFor: index)
        guard partialLoad == nil, received > partialBytes, ContinuousClock.now >= nextPartialAt else { return false }
        partialBytes = received
        let source = source
        let started = ContinuousClock.now
        let task = Task { @MainActor [weak self] in
            let image = await source.partialOriginal(for: url, fitting: screen, priority: .interactive)
            guard let self, !Task.isCancelled, self.partialLoad?.index == index else { return }
            self.partialLoad = nil
            self.nextPartialAt = .now + (ContinuousClock.now - started) * Self.partialIdleFactor
            guard let image else { return }
            self.partial = (index, image)
            // What taking it costs the main loop (the page redrawn around it), for tools/bench.
            let start = ContinuousClock.now
            self.onChange?(index)
            let cost = (ContinuousClock.now - start) / .microseconds(1)
            PerformanceTrace.shared.record(.viewerPartialDrawn, "\(index) \(received) \(Int(cost))")
        }
        partialLoad = (index, task)
        return true
    }

    /// The page's original arrived, failed or left the kept pages: nothing stands in for it.
    func forget(_ index: Int) {
        previewLoads.removeValue(forKey: index)?.cancel()
        previews[index] = nil
        if partial?.index == index || partialLoad?.index == index { dropPartial() }
    }

    /// Stops drawing any page's partial picture but `current`'s.
    func keepPartial(onlyFor current: Int) {
        if let index = partial?.index ?? partialLoad?.index, index != current { dropPartial() }
    }

    func cancelAll() {
        previewLoads.values.forEach { $0.cancel() }
        previewLoads.removeAll()
        dropPartial()
    }

    private func dropPartial() {
        partialLoad?.task.cancel()
        partialLoad = nil
        partial = nil
        partialBytes = 0
    }
}
