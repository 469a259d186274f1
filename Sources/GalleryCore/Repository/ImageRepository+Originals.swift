import Foundation

/// Originals for the viewer: decoded for the screen or as the detail a zoom shows, from the
/// disk cache or one coalesced download; bytes that do not decode are forgotten.
extension ImageRepository {
    /// The image for the viewer: given `screen` (device pixels, upright), scaled while decoding
    /// to fit it (`ScreenFit`), which for a camera photo is a twentieth of the pixels; without,
    /// at full size up to the texture limit. At `priority` as it is while the work waits: the
    /// viewer raises a neighbour's load when the person turns to it, and its download and decode
    /// follow. A decode nobody waits for any more never starts.
    /// `turn`: as a person turned it too (print: `ViewerPrint`), in the pipeline's one turning step.
    public func original(for url: URL, fitting screen: PixelSize? = nil, turn: PictureTurn = .none,
                         priority shared: SharedPriority) async throws -> DecodedImage {
        DecodeWorkerPool.shared.prewarm() // while the original is found or downloaded
        do {
            let (bytes, facts) = try await openedOriginal(for: url, priority: shared)
            // Opened first where it may move: its frames, counted, come with its one decode.
            let animation = try await decodeCancellably(priority: shared, mostPixels: 0) {
                ImageDecoder.animationToAsk(of: bytes, cancellation: DecodeCancellation.current)
            }
            var image = try await decodePage(bytes, fitting: screen, animation: animation, turn: turn, key: url.absoluteString,
                                             priority: shared)
            if let animation, image.animation?.isWhole == false { image = image.playing(in: spans(of: url, animation, priority: shared)) }
            if turn.isNone { learn(image.sourceSize, of: url, from: facts) } // a turned size is not the file's
            failureLog.succeeded(url)
            return image
        } catch {
            let failure = LoadError(error)
            failureLog.failed(url, with: failure)
            throw failure
        }
    }

    /// One decode of a page, let in with the most pixels it may bring (with an `animation`
    /// that plays, its frames at full size).
    private func decodePage(_ bytes: PictureBytes, fitting screen: PixelSize?, animation: AnimationExtent?, turn: PictureTurn,
                            key: String, priority: SharedPriority) async throws -> DecodedImage {
        let maxPixels = configuration.maxPixels, maxAnimationBytes = configuration.maxAnimationBytes
        let mostPixels = ImageDecoder.mostPixels(ofOriginal: bytes.data, fitting: screen, maxPixels: maxPixels, animation: animation,
                                                 maxAnimationBytes: maxAnimationBytes)
        return try await decodeOrForget(key: key, priority: priority, mostPixels: mostPixels) {
            try ImageDecoder.original(from: bytes, fitting: screen, maxPixels: maxPixels, maxAnimationBytes: maxAnimationBytes,
                                      animation: animation, turn: turn)
        }
    }

    /// The image finer than its screen size, upright, for the page a person zooms into: the
    /// `region` the zoom shows (of a baseline JPEG) or every pixel (`ImageDecoder.fullDetail`).
    /// The picture opened for its page is reused: the worker that holds it gets only the request.
    public func fullDetail(for url: URL, covering region: DetailRegion?, priority shared: SharedPriority) async throws -> FullDetailImage {
        do {
            let (bytes, _) = try await openedOriginal(for: url, priority: shared)
            let maxPixels = configuration.maxPixels
            return try await decodeOrForget(key: url.absoluteString, priority: shared, mostPixels: maxPixels) {
                try ImageDecoder.fullDetail(from: bytes, covering: region, maxPixels: maxPixels)
            }
        } catch {
            throw LoadError(error)
        }
    }

    /// The original as the viewer's pages and zooms hand it to the workers: opened once while
    /// the viewer holds it (`OpenedOriginals`).
    func openedOriginal(for url: URL, priority: SharedPriority) async throws -> (bytes: PictureBytes, facts: OriginalFacts) {
        let key = url.absoluteString
        if let opened = openedOriginals.take(key) { return (opened.bytes, opened.facts) }
        let (data, facts) = try await originalBytes(for: url, priority: priority)
        let opened = OpenedOriginals.Opened(bytes: PictureBytes(kept: data), facts: facts)
        openedOriginals.keep(opened, as: key)
        return (opened.bytes, opened.facts)
    }

    /// Decodes off the main thread. Bytes that sniffed as an image but a decoder that read them
    /// whole called damaged are removed from disk, so they are never served again; any other
    /// failure (too large for this machine, a worker that failed, a format without a decoder)
    /// may not be the file's, and keeps it.
    func decodeOrForget<T: Sendable>(
        key: String, priority: SharedPriority, mostPixels: Int,
        _ decode: @escaping @Sendable () throws -> T
    ) async throws -> T {
        do {
            return try await decodeCancellably(priority: priority, mostPixels: mostPixels, noting: key, decode)
        } catch let error as LoadError where error == .damaged {
            openedOriginals.forget(key)
            await remove(key: key, from: originalStore)
            throw error
        }
    }

    /// Decodes off the main thread once `DecodeThreads` lets it in with `mostPixels` (what its
    /// picture may have at most); a caller that leaves stops the decode. `key`: the picture's
    /// address, whose failure Details then name the library that refused it.
    func decodeCancellably<T: Sendable>(
        priority: SharedPriority, mostPixels: Int, noting key: String? = nil,
        _ decode: @escaping @Sendable () throws -> T
    ) async throws -> T {
        // Task cancellation does not reach a decode thread: the decoders check this flag.
        let cancellation = DecodeCancellation(priority: priority)
        let failureLog = failureLog
        return try await withTaskCancellationHandler {
            try await DecodeThreads.run(priority: priority, mostPixels: mostPixels) {
                // Still queued when its caller left (a page flicked past): never starts.
                if cancellation.isCancelled { throw LoadError.cancelled }
                do {
                    return try cancellation.makeCurrent(during: decode)
                } catch {
                    if let key, let library = cancellation.refusedBy { failureLog.refused(key, by: library) }
                    throw error
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The original's bytes: from disk, or downloaded once and stored. Only images are accepted:
    /// the transfer stops after the first bytes when they are not an image.
    /// An original the viewer holds open is not read from the disk again.
    public func original(bytesFor url: URL, priority: SharedPriority) async throws -> Data {
        try await originalFile(for: url, priority: priority).data
    }

    /// The same with the format its download decided, which names its copies (`OriginalFile`).
    public func originalFile(for url: URL, priority: SharedPriority) async throws -> OriginalFile {
        if let opened = openedOriginals.take(url.absoluteString) { return OriginalFile(data: opened.bytes.data, format: opened.facts.format) }
        let (bytes, facts) = try await originalBytes(for: url, priority: priority)
        return OriginalFile(data: bytes, format: facts.format)
    }

    /// The whole original and its facts.
    func originalBytes(for url: URL, priority: SharedPriority) async throws -> (bytes: Data, facts: OriginalFacts) {
        switch try await locateOriginal(url, priority: priority) {
        case .inMemory(let data):
            return (data, OriginalFacts(of: data))
        case .stored(let store, let facts):
            let key = url.absoluteString
            if let data = await BlockingWork.run(on: BlockingWork.disk, { store.read(key: key) }) { return (data, facts) }
        }
        // Evicted or damaged on disk since: into memory, then.
        let data = try await downloadBytesIntoMemory(url, priority: priority)
        return (data, OriginalFacts(of: data))
    }

    func downloadBytesIntoMemory(_ url: URL, priority: SharedPriority) async throws -> Data {
        switch try await downloadIntoMemory(url, priority: priority) {
        case .inMemory(let data): return data
        case .stored: throw LoadError.couldNotDecode // not reached: nothing was streamed to disk
        }
    }

    func storedOriginal(for url: URL) async -> Data? {
        guard let store = originalStore else { return nil }
        let key = url.absoluteString
        return await BlockingWork.run(on: BlockingWork.disk) { store.read(key: key) }
    }
}
