import Foundation

/// Downloads of originals, one per URL however many ask (`CoalescedTasks`), streamed into the
/// disk cache as they arrive and stopped after the first bytes when they are not an image.
extension ImageRepository {
    /// Where a downloaded original is: in the disk cache, written as it arrived (never whole in
    /// memory: a camera photo is 9–20 MB, and the grid downloads six at a time), or in memory
    /// when the disk cache could not take it.
    enum DownloadedOriginal: Sendable {
        case stored
        case inMemory(Data)
    }

    /// Downloads the original into the disk cache, once however many callers ask at the same
    /// time. Without a usable cache (none, full, failing) into memory, as before there was one.
    func downloadOnce(_ url: URL, priority: SharedPriority) async throws -> DownloadedOriginal {
        let key = url.absoluteString
        return try await originalDownloads.value(for: key, priority: priority) { [self] shared in
            if let store = originalStore {
                do {
                    let pending = try await BlockingWork.run(on: BlockingWork.disk) { try store.beginWrite() }
                    do {
                        _ = try await download(url, priority: shared, into: pending)
                        try await BlockingWork.run(on: BlockingWork.disk) { try store.commit(pending, key: key) }
                        return .stored
                    } catch {
                        await BlockingWork.run(on: BlockingWork.disk) { pending.discard() }
                        throw error
                    }
                } catch let error as DiskStoreError {
                    cacheProblems.report("\(error)")
                } catch is CacheWriteFailed {
                    cacheProblems.report("the original of \(url.absoluteString) could not be written to the cache")
                }
            }
            return try await downloadIntoMemory(url, priority: shared)
        }
    }

    /// The original into memory: counted against the originals' capacity while it arrives
    /// (`InMemoryCacheBody`) when there is a cache, so a failing disk does not make memory
    /// unbounded; without one, as before, under the per-download cap only.
    func downloadIntoMemory(_ url: URL, priority: SharedPriority) async throws -> DownloadedOriginal {
        guard let store = originalStore else { return try await download(url, priority: priority, into: nil) }
        let body = InMemoryCacheBody(store: store)
        do {
            _ = try await download(url, priority: priority, into: body)
        } catch is CacheWriteFailed {
            throw ImageLoadError.tooLarge // more arriving at once than the cache may hold
        }
        return .inMemory(body.take())
    }

    /// The disk refused the body while it arrived: it is fetched again into memory.
    struct CacheWriteFailed: Error {}

    /// Originals being downloaded (shared by however many callers), for tests.
    var downloadsInFlight: Int { originalDownloads.inFlightCount }

    /// The body goes to `sink` as it arrives when given (a cache file, or counted memory), else
    /// into memory. `.stored` means the sink has it.
    /// A sink's bytes are counted as they arrive (`LiveDownloads`), for the progress a page or a
    /// tile shows and the rows the viewer draws before the end.
    func download(_ url: URL, priority: SharedPriority, into sink: (any ReadableBodySink)?) async throws -> DownloadedOriginal {
        let live = sink.map { liveDownloads.begin(key: url.absoluteString, writingTo: $0) }
        defer { if let live { liveDownloads.end(live) } }
        let request = HTTPRequest(
            url: url, maxBodyBytes: configuration.maxOriginalBytes, priority: priority,
            inspect: { head, prefix in
                live?.expect(head)
                guard (200..<300).contains(head.status) else { return true }
                return ImageRepository.looksLikeImage(contentType: head.contentType, prefix: prefix)
            },
            bodySink: live)
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            if error == .rejected { await markNotImage(key: url.absoluteString) }
            if error == .sinkFailed { throw CacheWriteFailed() }
            throw error.asImageLoadError
        }
        guard (200..<300).contains(response.head.status) else {
            throw ImageLoadError.serverError(status: response.head.status)
        }
        guard !response.body.isEmpty else { throw ImageLoadError.damaged }
        let facts = downloadFacts, head = response.head, key = url.absoluteString
        await BlockingWork.run(on: BlockingWork.disk) { facts.record(head, for: key) }
        guard ContentSniffer.imageFormat(of: response.body.prefix(64)) != nil else {
            await markNotImage(key: url.absoluteString)
            throw ImageLoadError.notAnImage
        }
        return sink == nil ? .inMemory(response.body) : .stored
    }

    /// Magic bytes decide; the Content-Type only breaks ties when the bytes are too few to tell.
    static func looksLikeImage(contentType: String?, prefix: [UInt8]) -> Bool {
        if ContentSniffer.imageFormat(of: prefix) != nil { return true }
        if prefix.count >= 16 { return false }
        return ContentSniffer.isImage(contentType: contentType) ?? true
    }

    func markNotImage(key: String) async {
        guard let notImages else { return }
        await BlockingWork.run(on: BlockingWork.disk) { notImages.insert(key) }
    }
}
