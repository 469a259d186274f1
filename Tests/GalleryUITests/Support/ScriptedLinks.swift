import Foundation
import GalleryCore

/// A links file whose every refresh waits for the test's answer, so `LinksController`'s phases
/// can be checked one step at a time (the real `LinksRepository` is covered against a real
/// server in GalleryCoreTests). Read from the main thread while the main loop spins.
final class ScriptedLinks: LinksLoading, @unchecked Sendable { // all state under `lock`
    private let lock = NSLock()
    private let cached: LinksSnapshot?
    private var waiting: [CheckedContinuation<LinksSnapshot, Error>] = []
    private var refreshes = 0

    init(cached: LinksSnapshot? = nil) {
        self.cached = cached
    }

    func cachedSnapshot() async -> LinksSnapshot? { cached }

    func refresh() async throws -> LinksSnapshot {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock {
                refreshes += 1
                waiting.append(continuation)
            }
        }
    }

    /// Refreshes asked for so far, and those still waiting for an answer.
    var refreshCount: Int { lock.withLock { refreshes } }
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// Answers the oldest refresh that waits.
    func answer(_ result: Result<LinksSnapshot, LoadError>) {
        let continuation = lock.withLock { waiting.removeFirst() }
        continuation.resume(with: result.mapError { $0 as Error })
    }

    static func snapshot(_ texts: [String], checksum: String) -> LinksSnapshot {
        let lines = texts.enumerated().map { LinkLine(lineNumber: $0.offset + 1, text: $0.element) }
        return LinksSnapshot(entries: LinksDocument.make(from: lines), confirmedAt: Date(), checksum: checksum)
    }
}
