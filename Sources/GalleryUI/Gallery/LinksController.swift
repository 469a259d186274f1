import Foundation
import GalleryCore

/// Drives the links file through its phases: cached copy at once, refresh, automatic retries.
/// What it asks of the file is `LinksLoading` (a `LinksRepository` in the app).
@MainActor
final class LinksController {
    enum Phase: Equatable {
        case loading
        /// A list to show; `problem` says why it may be out of date.
        case showing(LinksSnapshot, problem: LoadError?)
        case failed(LoadError)
    }

    private let repository: any LinksLoading
    private let retries: RetryScheduler
    private var refreshTask: Task<Void, Never>?
    /// A refresh asked for while one runs (a local file saved twice): run once more after it.
    private var refreshAgain = false
    private(set) var phase: Phase = .loading
    /// The saved copy has been looked for (and shown, if there was one).
    private(set) var hasCheckedCache = false
    var onChange: (@MainActor (Phase) -> Void)?
    /// Called once, when `hasCheckedCache` becomes true.
    var onCacheChecked: (@MainActor () -> Void)?
    /// Called after a successful download: a sign the network works, so failed images retry.
    var onOnline: (@MainActor () -> Void)?

    private static let retryKey = "links"

    init(repository: any LinksLoading, retries: RetryScheduler) {
        self.repository = repository
        self.retries = retries
    }

    var snapshot: LinksSnapshot? {
        if case .showing(let snapshot, _) = phase { return snapshot }
        return nil
    }

    /// Shows the cached copy (if any) and refreshes it right away.
    func start() {
        refreshTask = Task { [weak self] in
            guard let self else { return }
            if let cached = await repository.cachedSnapshot() {
                self.set(.showing(cached, problem: nil))
            }
            self.hasCheckedCache = true
            self.onCacheChecked?()
            self.onCacheChecked = nil
            await self.performRefresh()
        }
    }

    /// Refresh now (F5, the Refresh button, Retry).
    func refresh() {
        retries.reset(Self.retryKey)
        guard refreshTask == nil else { return }
        if snapshot == nil { set(.loading) }
        refreshTask = Task { [weak self] in await self?.performRefresh() }
    }

    /// The local file changed: read it again, after the read under way if there is one, which
    /// may have seen the file before this change.
    func reload() {
        guard refreshTask == nil else { refreshAgain = true; return }
        refresh()
    }

    /// The window shows another list: nothing of this one may reach it any more.
    func stop() {
        onChange = nil
        onOnline = nil
        onCacheChecked = nil
        refreshAgain = false
        refreshTask?.cancel()
        retries.reset(Self.retryKey)
    }

    private func performRefresh() async {
        defer {
            refreshTask = nil
            if refreshAgain {
                refreshAgain = false
                reload()
            }
        }
        do {
            let fresh = try await repository.refresh()
            retries.reset(Self.retryKey)
            set(.showing(fresh, problem: nil))
            onOnline?()
        } catch {
            let failure = error as? LoadError ?? .badResponse
            if failure == .cancelled || Task.isCancelled { return }
            if let snapshot {
                set(.showing(snapshot, problem: failure))
            } else {
                set(.failed(failure))
            }
            if failure.isTransient {
                retries.schedule(Self.retryKey) { [weak self] in
                    guard let self, self.refreshTask == nil else { return }
                    self.refreshTask = Task { [weak self] in await self?.performRefresh() }
                }
            }
        }
    }

    private func set(_ newPhase: Phase) {
        phase = newPhase
        onChange?(newPhase)
    }
}
