import Foundation
import Synchronization

/// Downloads of originals, one per URL however many ask (`CoalescedTasks`), streamed into the
/// disk cache as they arrive and stopped after the first bytes when they are not an image.
extension ImageRepository {
    /// Where a downloaded original is: in the disk cache, written as it arrived (never whole in
    /// memory: a camera photo is 9–20 MB, and the grid downloads six at a time), or in memory
    /// when the disk cache could not take it.
    enum DownloadedOriginal: Sendable {
        /// In the sink (the cache file), with what its first bytes said as it was written.
        case stored(OriginalFacts)
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
                        let downloaded = try await download(url, priority: shared, into: pending)
                        try await BlockingWork.run(on: BlockingWork.disk) { try store.commit(pending, key: key) }
                        return downloaded
                    } catch {
                        await BlockingWork.run(on: BlockingWork.disk) { pending.discard() }
                        throw error
                    }
                } catch let error as DiskStoreError {
                    cacheProblems.report(.store(error))
                } catch is CacheWriteFailed {
                    cacheProblems.report(.originalNotWritten)
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
            throw LoadError.tooLarge // more arriving at once than the cache may hold
        }
        return .inMemory(body.take())
    }

    /// The disk refused the body while it arrived: it is fetched again into memory.
    struct CacheWriteFailed: Error {}

    /// The body goes to `sink` as it arrives when given (a cache file, or counted memory), else
    /// into memory. `.stored` means the sink has it. Its facts (`OriginalFacts`) are recorded
    /// with what the server said, from the bytes as they were written: the format the inspector
    /// sniffed on the network thread, the size from the header read back from the sink.
    /// A sink's bytes are counted as they arrive (`LiveDownloads`), for the progress a page or a
    /// tile shows and the rows the viewer draws before the end.
    func download(_ url: URL, priority: SharedPriority, into sink: (any ReadableBodySink)?) async throws -> DownloadedOriginal {
        let live = sink.map { liveDownloads.begin(key: url.absoluteString, writingTo: $0) }
        defer { if let live { liveDownloads.end(live) } }
        let sniffed = Mutex<ImageFormat?>(nil)
        // What the server answered and how much came before the inspector's verdict, for the
        // failure's Details when the transfer then breaks or is refused.
        let seen = Mutex<(head: HTTPResponseHead?, prefixBytes: Int)>((nil, 0))
        let request = HTTPRequest(
            url: url, maxBodyBytes: configuration.maxOriginalBytes, priority: priority,
            inspect: { head, prefix in
                live?.expect(head)
                seen.withLock { $0 = (head, prefix.count) }
                guard (200..<300).contains(head.status) else { return .accept }
                // An XML prolog running past the first bytes: the verdict is taken on as many
                // bytes as every later reader sniffs, so they all agree on what the file is.
                // (A shorter first look is the whole body: nothing more would come.)
                if prefix.count == HTTPRequest.inspectedPrefixLength, ContentSniffer.needsMoreBytes(prefix) { return .needMore }
                let format = ContentSniffer.imageFormat(of: prefix)
                sniffed.withLock { $0 = format }
                return ImageRepository.looksLikeImage(format: format, contentType: head.contentType, prefixLength: prefix.count)
                    ? .accept : .reject
            },
            bodySink: live, reach: reach.withLock { $0 })
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            let (head, prefixBytes) = seen.withLock { $0 }
            failureLog.answered(url, head: head, answeredBy: nil, receivedBytes: head == nil ? nil : max(prefixBytes, sink?.writtenBytes ?? 0),
                                transferDetail: error.transferDetail)
            if error == .rejected { await markNotImage(key: url.absoluteString) }
            if error == .sinkFailed { throw CacheWriteFailed() }
            throw error.asLoadError
        }
        failureLog.answered(url, head: response.head, answeredBy: response.effectiveURL,
                            receivedBytes: max(sink?.writtenBytes ?? 0, response.body.count), transferDetail: nil)
        guard (200..<300).contains(response.head.status) else {
            throw LoadError.serverError(status: response.head.status)
        }
        guard !response.body.isEmpty else { throw LoadError.damaged }
        // Accepted on its Content-Type while too short to sniff (under 16 bytes): not an image.
        guard let format = sniffed.withLock({ $0 }) else {
            await markNotImage(key: url.absoluteString)
            throw LoadError.notAnImage
        }
        let downloadFacts = self.downloadFacts, head = response.head, key = url.absoluteString, body = response.body
        // The format its inspector sniffed and its length: its size comes from its first decode.
        let original = await BlockingWork.run(on: BlockingWork.disk) { () -> OriginalFacts in
            let original = OriginalFacts(format: format, declaredSize: nil, byteCount: sink?.writtenBytes ?? body.count)
            downloadFacts.record(head, original: original, for: key)
            return original
        }
        return sink == nil ? .inMemory(body) : .stored(original)
    }

    /// Magic bytes decide (`format`, sniffed from the first `prefixLength` bytes); the
    /// Content-Type only breaks ties when the bytes are too few to tell.
    static func looksLikeImage(format: ImageFormat?, contentType: String?, prefixLength: Int) -> Bool {
        if format != nil { return true }
        if prefixLength >= 16 { return false }
        return ContentSniffer.isImage(contentType: contentType) ?? true
    }

    func markNotImage(key: String) async {
        guard let notImages else { return }
        await BlockingWork.run(on: BlockingWork.disk) { notImages.insert(key) }
    }
}
