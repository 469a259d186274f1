import Foundation
import GalleryCore

/// Loads the current original and its neighbours, cancels what was flicked past and drops
/// textures that left the window of kept pages, so memory stays bounded however far one pages.
@MainActor
final class ViewerPageStore {
    enum PageState {
        case loading
        case loaded(DecodedImage)
        case failed(ImageLoadError)
    }

    private struct Load {
        let id: Int
        let priority: LoadPriority
        let task: Task<Void, Never>
    }

    private let items: [ViewerItem]
    let source: any OriginalImageSource
    private var states: [Int: PageState] = [:]
    private var loads: [Int: Load] = [:]
    private var nextLoadID = 0
    /// Called with the page index whenever that page's state changes.
    var onChange: ((Int) -> Void)?

    init(items: [ViewerItem], source: any OriginalImageSource) {
        self.items = items
        self.source = source
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
        for (index, load) in loads where !paging.keeps(index) {
            load.task.cancel()
            loads[index] = nil
        }
        for index in states.keys where !paging.keeps(index) { states[index] = nil }
        guard paging.count > 0 else { return }
        load(paging.index, priority: .interactive)
        for index in paging.prefetchIndices { load(index, priority: .prefetch) }
    }

    /// Forgets a failure and tries again at interactive priority.
    func retry(_ index: Int) {
        if case .failed = states[index] { states[index] = nil }
        load(index, priority: .interactive)
    }

    func cancelAll() {
        loads.values.forEach { $0.task.cancel() }
        loads.removeAll()
    }

    private func load(_ index: Int, priority: LoadPriority) {
        guard items.indices.contains(index) else { return }
        switch states[index] {
        case .loaded, .failed: return // failures wait for Retry
        case .loading, nil: break
        }
        if let running = loads[index], running.priority >= priority { return }
        let previous = loads[index]
        nextLoadID += 1
        let id = nextLoadID
        let url = items[index].url
        let source = source
        states[index] = .loading
        onChange?(index)
        let task = Task { @MainActor [weak self] in
            let outcome: Result<DecodedImage, ImageLoadError>
            do {
                outcome = .success(try await source.original(for: url, priority: priority))
            } catch let error as ImageLoadError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.cancelled)
            }
            self?.finish(index, id: id, outcome: outcome)
        }
        loads[index] = Load(id: id, priority: priority, task: task)
        // Start the new request before cancelling the old one: the repository coalesces both onto
        // one download, which then survives with the higher priority.
        previous?.task.cancel()
    }

    private func finish(_ index: Int, id: Int, outcome: Result<DecodedImage, ImageLoadError>) {
        guard loads[index]?.id == id else { return } // superseded or cancelled
        loads[index] = nil
        switch outcome {
        case .success(let image): states[index] = .loaded(image)
        case .failure(let error): states[index] = .failed(error)
        }
        onChange?(index)
    }
}
