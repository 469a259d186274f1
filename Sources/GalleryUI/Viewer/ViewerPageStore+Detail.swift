import Foundation
import GalleryCore

/// Full detail: the pixels of the page a person zooms into past its screen-sized picture.
///
/// A zoom's first detail is what is on screen and a little more (`firstMargin`): it is decoded
/// and on screen sooner than the region a pan needs (a baseline JPEG's region costs the rows
/// above it and its own, so a smaller one is found sooner, and moves fewer pixels). The margin
/// around it (`detailMargin`) is asked for once those pixels are painted (`loadPendingMargin`:
/// its decode would take the CPU the first frame's upload needs); from then on the held
/// pixels serve every pan within the margin, and a pan past it asks for a new region with its
/// margin at once, the old pixels drawn until it comes.
extension ViewerPageStore {
    struct DetailLoad {
        let index: Int
        let region: DetailRegion
        let id: Int
        /// Only what is on screen: a zoom's first detail.
        let isFirst: Bool
        let task: Task<Void, Never>
    }

    /// How much a detail region is grown on every side, as a fraction of what is on screen: a pan
    /// of half a screen needs no new decode, and 100 % in a 1920×1080 window holds 25 MB.
    static let detailMargin = 0.5
    /// The first detail's margin: enough that a small move while it is decoded needs no other.
    static let firstMargin = 0.1

    /// Makes sure page `index` gets pixels that cover `visible` as finely as it asks: those held,
    /// or on their way, if they do; otherwise a decode of it (see the extension's comment). What
    /// is held stays drawn until the new pixels arrive, so a pan never shows less than before.
    func requestDetail(at index: Int, covering visible: DetailRegion, imageSize: PixelSize) {
        guard items.indices.contains(index) else { return }
        if let held = detail, held.index != index { releaseDetail() }
        let withMargin = visible.expanded(by: Self.detailMargin, within: imageSize)
        if let held = detail, held.image.covers(visible) {
            guard detailIsFirst, !held.image.covers(withMargin) else { return cancelDetailLoad() }
            // The first pixels are on screen, the margin on its way (or asked for now).
            if let load = detailLoad, !load.isFirst, load.region.contains(visible) { return }
            return loadDetail(at: index, region: withMargin)
        }
        if let load = detailLoad, load.index == index, load.region.contains(visible) { return }
        if detail == nil {
            loadDetail(at: index, region: visible.expanded(by: Self.firstMargin, within: imageSize), thenMargin: withMargin)
        } else {
            loadDetail(at: index, region: withMargin)
        }
    }

    /// `thenMargin`: the region is a zoom's first, and once it is shown this one is asked for.
    private func loadDetail(at index: Int, region: DetailRegion, thenMargin margin: DetailRegion? = nil) {
        let isFirst = margin != nil
        cancelDetailLoad()
        let url = items[index].url
        let source = source
        nextLoadID += 1
        let id = nextLoadID
        let task = Task { @MainActor [weak self] in
            let image = try? await source.fullDetail(for: url, covering: region, priority: .interactive)
            guard let self, self.detailLoad?.id == id, !Task.isCancelled else { return }
            self.detailLoad = nil
            // A failure leaves what was shown; the next zoom or pan asks again.
            guard let image else { return }
            self.detail = (index, image)
            self.detailIsFirst = isFirst
            self.pendingMargin = margin.flatMap { image.covers($0) ? nil : (index, $0) }
            self.onDetailChange?()
        }
        detailLoad = DetailLoad(index: index, region: region, id: id, isFirst: isFirst, task: task)
    }

    /// Asks for the margin a zoom's first detail left for later, once that detail is painted;
    /// nothing when a pan or a page turn asked for something else meanwhile.
    func loadPendingMargin() {
        guard let pending = pendingMargin else { return }
        pendingMargin = nil
        guard detailLoad == nil, detailIsFirst, detail?.index == pending.index else { return }
        loadDetail(at: pending.index, region: pending.region)
    }

    private func cancelDetailLoad() {
        detailLoad?.task.cancel()
        detailLoad = nil
        pendingMargin = nil
    }

    /// Lets the fine pixels go (or stops their decode).
    func releaseDetail() {
        cancelDetailLoad()
        guard detail != nil else { return }
        detail = nil
        detailIsFirst = false
        onDetailChange?()
    }
}
