import Foundation
import Synchronization

/// The links file: the cached copy at once, then a conditional refresh from the network.
///
/// The body and its metadata are two files written atomically one after the other; the checksum
/// in the metadata detects a pair that does not match (a crash between the writes, a damaged
/// file), which is then removed and fetched again in full.
public final class LinksRepository: LinksLoading {
    public let url: URL
    private let http: HTTPClient
    private let bodyStore: DiskStore?
    private let metadataStore: DiskStore?
    /// The entries a worker read from the body (`LinksReply`): a start from the cache shows
    /// them without waiting for a worker to start.
    private let entriesStore: DiskStore?
    private let maxBytes: Int
    /// Where a worker reads the file (`LinksReading`).
    private let pool: DecodeWorkerPool
    /// The copy `cachedSnapshot()` read, for the `refresh()` that follows it at a start: read
    /// twice, a list of 100,000 long lines was held twice at once.
    private let lastCachedCopy = Mutex<(snapshot: LinksSnapshot, metadata: LinksSnapshotMetadata)?>(nil)

    public convenience init(url: URL, http: HTTPClient, directories: CacheDirectories?, maxBytes: Int = 32 * 1024 * 1024) {
        self.init(url: url, http: http, directories: directories, maxBytes: maxBytes, pool: .shared)
    }

    init(url: URL, http: HTTPClient, directories: CacheDirectories?, maxBytes: Int = 32 * 1024 * 1024, pool: DecodeWorkerPool) {
        self.url = url
        self.http = http
        self.maxBytes = maxBytes
        self.pool = pool
        bodyStore = directories.map { DiskStore(directory: $0.links, capacityBytes: 256 * 1024 * 1024, fileExtension: "txt") }
        metadataStore = directories.map { DiskStore(directory: $0.links, capacityBytes: 16 * 1024 * 1024, fileExtension: "json") }
        entriesStore = directories.map { DiskStore(directory: $0.links, capacityBytes: 256 * 1024 * 1024, fileExtension: "entries") }
    }

    private var key: String { url.absoluteString }

    /// The last good copy on disk, or nil when there is none or it is damaged (then removed).
    public func cachedSnapshot() async -> LinksSnapshot? {
        guard !url.isFileURL, let copy = await cachedCopy() else { return nil }
        lastCachedCopy.withLock { $0 = copy }
        return copy.snapshot
    }

    private func cachedCopy() async -> (snapshot: LinksSnapshot, metadata: LinksSnapshotMetadata)? {
        guard let bodyStore, let metadataStore, let entriesStore else { return nil }
        let key = self.key
        let found = await BlockingWork.run(on: BlockingWork.disk) { () -> (LinksSnapshotMetadata, Data, LinksReply.Document?)? in
            guard let metadataData = metadataStore.read(key: key),
                  let metadata = try? JSONDecoder().decode(LinksSnapshotMetadata.self, from: metadataData),
                  let body = bodyStore.read(key: key),
                  body.count == metadata.byteCount, Checksum.sha256(body) == metadata.checksum
            else {
                [bodyStore, metadataStore, entriesStore].forEach { $0.remove(key: key) }
                return nil
            }
            // The entries a worker read from this body before, when they are whole.
            let entries = metadata.entriesChecksum.flatMap { checksum in
                entriesStore.read(key: key).flatMap { Checksum.sha256($0) == checksum ? $0 : nil }
            }
            return (metadata, body, entries.flatMap { LinksReply.decode($0, file: body) })
        }
        guard let (savedMetadata, body, saved) = found else { return nil }
        var (metadata, document) = (savedMetadata, saved)
        if document == nil {
            // Saved by an earlier version, or its entries damaged: a worker reads the body again
            // (a worker that fails leaves the copy for the refresh to read).
            guard let read = await LinksReading.readInTurn(body, pool: pool) else { return nil }
            document = read.document
            metadata.entriesChecksum = Checksum.sha256(read.reply)
            await store(body: nil, entries: read.reply, metadata: metadata)
        }
        guard let document else { return nil }
        // The lines left out after the saved part: the saved reply counts them (it read the whole
        // file), a reply read again from the saved part alone has none, and the metadata keeps them.
        let snapshot = LinksSnapshot(
            entries: document.entries, confirmedAt: metadata.confirmedAt, checksum: metadata.checksum,
            omittedEntryCount: max(document.omittedCount, metadata.omittedEntryCount ?? 0), linkReach: metadata.linkReach)
        return (snapshot, metadata)
    }

    /// Asks the server for a newer file (conditional GET when we have one). An unchanged file
    /// (304, or the same bytes) comes back as the saved snapshot, confirmed now: same checksum,
    /// so the grid leaves it as it is. Throws `LoadError`.
    public func refresh() async throws -> LinksSnapshot {
        // A local file (only ever one the person chose, see LinksSource) is its own saved copy.
        if url.isFileURL { return try await LocalLinksFile.read(url, maxBytes: maxBytes) }
        let remembered = lastCachedCopy.withLock { copy in
            defer { copy = nil }
            return copy
        }
        let cached = if let remembered { remembered } else { await cachedCopy() }
        var headers: [String: String] = [:]
        if let metadata = cached?.metadata {
            headers["If-None-Match"] = HeaderValue.acceptable(metadata.etag)
            headers["If-Modified-Since"] = HeaderValue.acceptable(metadata.lastModified)
        }
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(
                url: url, headers: headers, maxBodyBytes: maxBytes, priority: SharedPriority(.interactive)))
        } catch {
            throw error.asLoadError
        }
        let now = Date()
        // Decided on the address that answered, after any redirect.
        let fromLocalAddress = response.isFromLocalAddress
        let reach: AddressReach = fromLocalAddress ? .anyAddress : .publicOnly
        if response.head.status == 304, let cached {
            var metadata = cached.metadata
            metadata.confirmedAt = now
            metadata.fromLocalAddress = fromLocalAddress
            await store(body: nil, entries: nil, metadata: metadata)
            return cached.snapshot.confirmed(at: now, linkReach: reach)
        }
        guard (200..<300).contains(response.head.status) else {
            throw LoadError.serverError(status: response.head.status)
        }
        // Only the first `maxEntries` lines are kept, in memory and on disk: the saved copy must
        // not bring millions of lines back at every start.
        let received = response.body
        let receivedChecksum = Checksum.sha256(received)
        if let cached, cached.metadata.receivedChecksum == receivedChecksum {
            // The same file again, sent in full (no validators, or a server that ignores them).
            var metadata = cached.metadata
            metadata.confirmedAt = now
            metadata.fromLocalAddress = fromLocalAddress
            await store(body: nil, entries: nil, metadata: metadata)
            return cached.snapshot.confirmed(at: now, linkReach: reach)
        }
        // Split and classified in the sandbox, like every byte a server sends.
        guard let parsed = await LinksReading.readInTurn(received, pool: pool) else {
            throw LoadError.couldNotDecode
        }
        let body = parsed.document.omittedCount > 0 ? received.prefix(parsed.document.keptByteCount) : received
        let metadata = LinksSnapshotMetadata(
            etag: response.head.headers["etag"], lastModified: response.head.headers["last-modified"],
            confirmedAt: now, checksum: Checksum.sha256(body), byteCount: body.count,
            omittedEntryCount: parsed.document.omittedCount, entriesChecksum: Checksum.sha256(parsed.reply),
            receivedChecksum: receivedChecksum, fromLocalAddress: fromLocalAddress)
        let unchanged = cached?.metadata.checksum == metadata.checksum
            && cached?.snapshot.omittedEntryCount == parsed.document.omittedCount
        let entriesUnchanged = cached?.metadata.entriesChecksum == metadata.entriesChecksum
        await store(body: unchanged ? nil : body, entries: unchanged && entriesUnchanged ? nil : parsed.reply, metadata: metadata)
        if unchanged, let cached {
            return cached.snapshot.confirmed(at: now, linkReach: reach)
        }
        return LinksSnapshot(entries: parsed.document.entries, confirmedAt: now, checksum: metadata.checksum,
                             omittedEntryCount: parsed.document.omittedCount, linkReach: reach)
    }

    private func store(body: Data?, entries: Data?, metadata: LinksSnapshotMetadata) async {
        guard let bodyStore, let metadataStore, let entriesStore, let encoded = try? JSONEncoder().encode(metadata) else { return }
        let key = self.key
        await BlockingWork.run(on: BlockingWork.disk) {
            // Body and entries first: a crash between the writes leaves old metadata that does
            // not match them, which the checksums catch on the next launch. Metadata is written
            // only after them, so it never vouches for what is not on disk.
            do {
                if let body { try bodyStore.write(body, key: key) }
                if let entries { try entriesStore.write(entries, key: key) }
                try metadataStore.write(encoded, key: key)
            } catch {
                // A full or read-only cache: the app works on from memory; the snapshot is
                // simply not there on the next launch.
            }
        }
    }
}
