import Foundation

/// The one place that finds an original: in the disk cache with its facts, or downloaded once
/// (into the cache, else into memory). The thumbnail and the viewer's page both start here.
extension ImageRepository {
    enum OriginalLocation: Sendable {
        /// In the disk cache, with what its download saw (`OriginalFacts`): deciding how to
        /// decode it reads none of its bytes.
        case stored(DiskStore, OriginalFacts)
        /// Downloaded, but the disk cache could not keep it.
        case inMemory(Data)
    }

    func locateOriginal(_ url: URL, priority: SharedPriority) async throws -> OriginalLocation {
        if let found = await storedLocation(of: url) { return found }
        switch try await downloadOnce(url, priority: priority) {
        case .inMemory(let bytes):
            return .inMemory(bytes)
        case .stored(let facts):
            if let store = originalStore, await isStored(url, in: store) { return .stored(store, facts) }
        }
        // Evicted at once (a cache smaller than a photo): the bytes from memory, then.
        return .inMemory(try await downloadBytesIntoMemory(url, priority: priority))
    }

    /// On disk, with its facts as its download recorded them, or (stored by an earlier version,
    /// or its entry pushed out) its format sniffed once from its magic number and recorded.
    private func storedLocation(of url: URL) async -> OriginalLocation? {
        guard let store = originalStore else { return nil }
        let key = url.absoluteString, facts = downloadFacts
        return await BlockingWork.run(on: BlockingWork.disk) { () -> OriginalLocation? in
            if let known = facts.facts(for: key)?.original, store.contains(key: key) { return .stored(store, known) }
            guard let found = store.payloadPrefix(key: key, maxBytes: ContentSniffer.preferredPrefixLength) else { return nil }
            let learnt = OriginalFacts(header: found.prefix, byteCount: found.size)
            facts.record(learnt, for: key)
            return .stored(store, learnt)
        }
    }

    private func isStored(_ url: URL, in store: DiskStore) async -> Bool {
        let key = url.absoluteString
        return await BlockingWork.run(on: BlockingWork.disk) { store.contains(key: key) }
    }

    /// Records the size the decoder reported for an original, when its facts did not say it
    /// yet: kept with them, the next run knows it without decoding.
    func learn(_ size: PixelSize, of url: URL, from facts: OriginalFacts) {
        guard facts.declaredSize != size else { return }
        downloadFacts.record(facts.withDeclaredSize(size), for: url.absoluteString)
    }
}
