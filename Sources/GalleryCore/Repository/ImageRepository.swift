import Foundation

/// The one place grid and viewer get images from: memory, then disk, then network.
///
/// Each level fills the ones above it. Original bytes are fetched once per URL however many
/// tiles and viewer pages ask at the same time (`CoalescedTasks`), kept on disk for the viewer
/// and for thumbnails, and decoded off the main thread. Errors are `ImageLoadError`.
public final class ImageRepository: Sendable {
    public struct Configuration: Sendable {
        /// About one and a half screens of thumbnails (48–64 KB each at 126 px) for scrolling back
        /// without a disk read; GTK keeps a second copy of each one drawn (the GPU texture).
        public var memoryCapacityBytes = 16 * 1024 * 1024
        /// About 10,000 thumbnails of 126 px (stored uncompressed, ~48 KB each): a long list
        /// scrolled end to end is still read back from disk, not downloaded again.
        public var thumbnailDiskBytes = 512 * 1024 * 1024
        public var originalDiskBytes = 1024 * 1024 * 1024
        /// Bodies larger than this are refused while downloading.
        public var maxOriginalBytes = 80 * 1024 * 1024
        /// Thumbnails are this many pixels square: 126 for cells of at most 120 px, times the
        /// display's scale. Part of the cache key, so a change makes new ones.
        public var thumbnailSide = ImageDecoder.defaultThumbnailSide
        /// Declared pixel counts above this are refused before decoding (decompression bombs).
        public var maxPixels = 100_000_000
        /// All frames of one animated GIF together; a larger one is shown as a still.
        public var maxAnimationBytes = ImageDecoder.defaultMaxAnimationBytes
        /// Originals that thumbnail decodes hold in memory at once (`OriginalBytesBudget`): two
        /// camera photos of 20 MB, as many as two cores decode at a time anyway, or hundreds of
        /// ordinary web images.
        public var thumbnailOriginalBytes = 40 * 1024 * 1024
        public init() {}
    }

    private let http: HTTPClient
    private let configuration: Configuration
    private let thumbnailStore: DiskStore?
    private let notImageStore: DiskStore?
    private let originalStore: DiskStore?
    private let memory: MemoryCache<String, DecodedImage>
    private let originalDownloads = CoalescedTasks<String, DownloadedOriginal>()
    private let thumbnails = CoalescedTasks<String, DecodedImage>()
    let thumbnailOriginals: OriginalBytesBudget
    public let cacheProblems = CacheProblemReporter()

    public init(http: HTTPClient, directories: CacheDirectories?, configuration: Configuration = .init()) {
        self.http = http
        self.configuration = configuration
        memory = MemoryCache(capacityBytes: configuration.memoryCapacityBytes)
        thumbnailOriginals = OriginalBytesBudget(capacityBytes: configuration.thumbnailOriginalBytes)
        func store(_ url: URL?, _ capacity: Int, _ ext: String) -> DiskStore? {
            url.map { DiskStore(directory: $0, capacityBytes: capacity, fileExtension: ext) }
        }
        thumbnailStore = store(directories?.thumbnails, configuration.thumbnailDiskBytes, "png")
        notImageStore = store(directories?.thumbnails, 4 * 1024 * 1024, "not-image")
        originalStore = store(directories?.originals, configuration.originalDiskBytes, "bin")
        if directories == nil {
            cacheProblems.report("the cache folders cannot be created")
        }
    }

    // MARK: Thumbnails

    /// A thumbnail already decoded in memory, for showing a tile without a flash of a spinner.
    public func cachedThumbnail(for url: URL) -> DecodedImage? {
        memory.value(for: thumbnailKey(url))
    }

    /// Thumbnails of one size per URL; the not-an-image verdict and originals are per URL.
    private func thumbnailKey(_ url: URL) -> String {
        "\(configuration.thumbnailSide)px:\(url.absoluteString)"
    }

    /// The downscaled image for a grid tile. Throws `ImageLoadError`.
    public func thumbnail(for url: URL, priority: LoadPriority) async throws -> DecodedImage {
        let key = thumbnailKey(url)
        if let hit = memory.value(for: key) { return hit }
        do {
            return try await thumbnails.value(for: key) { [self] in
                if let fromDisk = await thumbnailFromDisk(key: key) { return fromDisk }
                if await isKnownNotImage(key: url.absoluteString) { throw ImageLoadError.notAnImage }
                let thumbnail = try await makeThumbnail(of: url, priority: priority)
                await save(thumbnail.pngData, key: key, to: thumbnailStore)
                memory.insert(thumbnail.image, for: key, cost: thumbnail.image.texture.byteCost)
                return thumbnail.image
            }
        } catch {
            throw ImageLoadError(error)
        }
    }

    /// Decodes a thumbnail from the original in the disk cache, read back only once the
    /// `thumbnailOriginals` budget has room for it: originals are written to disk as they
    /// arrive, so thumbnails waiting for a decode hold no memory. Without a disk cache (or when the file went
    /// away meanwhile) from the bytes in memory, under the same budget.
    private func makeThumbnail(of url: URL, priority: LoadPriority) async throws -> Thumbnail {
        let key = url.absoluteString
        let side = configuration.thumbnailSide, maxPixels = configuration.maxPixels
        let bytes: Data
        switch try await originalForThumbnail(url, priority: priority) {
        case .inMemory(let downloaded):
            bytes = downloaded
        case .stored(let prefix, let size, let store):
            let share = try await thumbnailOriginals.acquire(bytes: size, priority: priority)
            defer { share.release() }
            do {
                return try await decodeOrForget(key: key, bytes: prefix, priority: priority) {
                    guard let bytes = store.read(key: key) else { throw OriginalFileGone() }
                    return try ImageDecoder.thumbnail(from: bytes, side: side, maxPixels: maxPixels)
                }
            } catch is OriginalFileGone {
                // Evicted, or damaged on disk (then removed) since: fetched again.
            }
            bytes = try await original(bytesFor: url, priority: priority)
        }
        let share = try await thumbnailOriginals.acquire(bytes: bytes.count, priority: priority)
        defer { share.release() }
        return try await decodeOrForget(key: key, bytes: bytes, priority: priority) {
            try ImageDecoder.thumbnail(from: bytes, side: side, maxPixels: maxPixels)
        }
    }

    private enum OriginalForThumbnail {
        /// In the disk cache: the start of it (what `DecodeThreads` chooses a decode's thread by:
        /// the format and declared size, within the first megabyte) and the payload's size.
        case stored(prefix: Data, size: Int, store: DiskStore)
        /// Downloaded, but the disk cache could not keep it.
        case inMemory(Data)
    }

    private struct OriginalFileGone: Error {}

    /// Bytes of an original's start that `DecodeThreads.isHeavy` reads.
    private static let decodeChoicePrefixBytes = 1 << 20

    /// The original in the disk cache, downloaded there (once, shared with the viewer) if it is
    /// not there yet; only its first megabyte is read back here.
    private func originalForThumbnail(_ url: URL, priority: LoadPriority) async throws -> OriginalForThumbnail {
        let key = url.absoluteString
        let prefixBytes = Self.decodeChoicePrefixBytes
        func stored(in store: DiskStore) async -> OriginalForThumbnail? {
            guard let found = await BlockingWork.run(on: BlockingWork.disk, {
                store.payloadPrefix(key: key, maxBytes: prefixBytes)
            }) else { return nil }
            return .stored(prefix: found.prefix, size: found.size, store: store)
        }
        if let store = originalStore, let found = await stored(in: store) { return found }
        if case .inMemory(let bytes) = try await downloadOnce(url, priority: priority) { return .inMemory(bytes) }
        if let store = originalStore, let found = await stored(in: store) { return found }
        // Evicted at once (a cache smaller than a photo): the bytes from memory, then.
        return .inMemory(try await downloadIntoMemory(url, priority: priority))
    }

    private func thumbnailFromDisk(key: String) async -> DecodedImage? {
        guard let store = thumbnailStore else { return nil }
        let image: DecodedImage? = await BlockingWork.run(on: BlockingWork.thumbnailReads) {
            guard let data = store.read(key: key) else { return nil }
            guard let image = try? ImageDecoder.decodePNGThumbnail(data) else {
                // A truncated or corrupt PNG is removed so it is made again from the original.
                store.remove(key: key)
                return nil
            }
            return image
        }
        if let image { memory.insert(image, for: key, cost: image.texture.byteCost) }
        return image
    }

    private func isKnownNotImage(key: String) async -> Bool {
        guard let store = notImageStore else { return false }
        return await BlockingWork.run(on: BlockingWork.disk) { store.contains(key: key) }
    }

    // MARK: Originals

    /// The full image for the viewer, scaled down only when it exceeds what a texture can hold.
    public func original(for url: URL, priority: LoadPriority) async throws -> DecodedImage {
        try await original(for: url, fitting: nil, priority: priority)
    }

    /// The image for the viewer: given `screen` (device pixels, upright), scaled while decoding
    /// to fit it (`ScreenFit`), which for a camera photo is a twentieth of the pixels; without,
    /// at full size up to the texture limit. A decode nobody waits for any more never starts.
    public func original(for url: URL, fitting screen: PixelSize?, priority: LoadPriority) async throws -> DecodedImage {
        do {
            let bytes = try await original(bytesFor: url, priority: priority)
            let maxPixels = configuration.maxPixels, maxAnimationBytes = configuration.maxAnimationBytes
            let queue = priority == .prefetch ? BlockingWork.prefetchDecode : BlockingWork.decode
            return try await decodeOrForget(key: url.absoluteString, bytes: bytes, on: queue, priority: priority) {
                try ImageDecoder.original(from: bytes, fitting: screen, maxPixels: maxPixels,
                                          maxAnimationBytes: maxAnimationBytes)
            }
        } catch {
            throw ImageLoadError(error)
        }
    }

    /// The image finer than its screen size, upright, for the page a person zooms into: the
    /// `region` the zoom shows (of a baseline JPEG) or every pixel (`ImageDecoder.fullDetail`).
    public func fullDetail(for url: URL, covering region: DetailRegion?, priority: LoadPriority) async throws -> FullDetailImage {
        do {
            let bytes = try await original(bytesFor: url, priority: priority)
            let maxPixels = configuration.maxPixels
            return try await decodeOrForget(key: url.absoluteString, bytes: bytes, priority: priority) {
                try ImageDecoder.fullDetail(from: bytes, covering: region, maxPixels: maxPixels)
            }
        } catch {
            throw ImageLoadError(error)
        }
    }

    /// Decodes off the main thread. Bytes that sniffed as an image but do not decode (damaged,
    /// or a bomb over the pixel limit) are removed from disk, so they are never served again.
    private func decodeOrForget<T: Sendable>(
        key: String, bytes: Data, on queue: DispatchQueue = BlockingWork.decode, priority: LoadPriority,
        _ decode: @escaping @Sendable () throws -> T
    ) async throws -> T {
        do {
            // Task cancellation does not reach a decode thread: the decoders check this flag.
            let cancellation = DecodeCancellation()
            return try await withTaskCancellationHandler {
                try await DecodeThreads.run(decoding: bytes, on: queue, priority: priority) {
                    // Still queued when its caller left (a page flicked past): never starts.
                    if cancellation.isCancelled { throw CancellationError() }
                    return try cancellation.makeCurrent(during: decode)
                }
            } onCancel: {
                cancellation.cancel()
            }
        } catch let error as ImageLoadError where error == .damaged || error == .tooLarge {
            await remove(key: key, from: originalStore)
            throw error
        }
    }

    /// The original's bytes: from disk, or downloaded once and stored. Only images are accepted:
    /// the transfer stops after the first bytes when they are not an image.
    public func original(bytesFor url: URL, priority: LoadPriority) async throws -> Data {
        if let data = await storedOriginal(for: url) { return data }
        if case .inMemory(let data) = try await downloadOnce(url, priority: priority) { return data }
        if let data = await storedOriginal(for: url) { return data }
        // Evicted at once (a cache smaller than a photo), or damaged on disk: into memory, then.
        return try await downloadIntoMemory(url, priority: priority)
    }

    private func downloadIntoMemory(_ url: URL, priority: LoadPriority) async throws -> Data {
        switch try await download(url, priority: SharedPriority(priority), into: nil) {
        case .inMemory(let data): return data
        case .stored: throw ImageLoadError.damaged // not reached: nothing was streamed to disk
        }
    }

    private func storedOriginal(for url: URL) async -> Data? {
        guard let store = originalStore else { return nil }
        let key = url.absoluteString
        return await BlockingWork.run(on: BlockingWork.disk) { store.read(key: key) }
    }

    /// Where a downloaded original is: in the disk cache, written as it arrived (never whole in
    /// memory: a camera photo is 9–20 MB, and the grid downloads six at a time), or in memory
    /// when the disk cache could not take it.
    private enum DownloadedOriginal: Sendable {
        case stored
        case inMemory(Data)
    }

    /// Downloads the original into the disk cache, once however many callers ask at the same
    /// time. Without a usable cache (none, full, failing) into memory, as before there was one.
    private func downloadOnce(_ url: URL, priority: LoadPriority) async throws -> DownloadedOriginal {
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
            return try await download(url, priority: shared, into: nil)
        }
    }

    /// The disk refused the body while it arrived: it is fetched again into memory.
    private struct CacheWriteFailed: Error {}

    /// Originals being downloaded (shared by however many callers), for tests.
    var downloadsInFlight: Int { originalDownloads.inFlightCount }

    /// The body goes to `file` as it arrives when given, else into memory.
    private func download(_ url: URL, priority: SharedPriority, into file: PendingCacheWrite?) async throws -> DownloadedOriginal {
        let request = HTTPRequest(
            url: url, maxBodyBytes: configuration.maxOriginalBytes, priority: priority.current,
            inspect: { head, prefix in
                guard (200..<300).contains(head.status) else { return true }
                return ImageRepository.looksLikeImage(contentType: head.contentType, prefix: prefix)
            },
            bodySink: file)
        let response: HTTPResponse
        do {
            response = try await http.send(request, priority: priority)
        } catch {
            if error == .rejected { await markNotImage(key: url.absoluteString) }
            if error == .sinkFailed { throw CacheWriteFailed() }
            throw error.asImageLoadError
        }
        guard (200..<300).contains(response.head.status) else {
            throw ImageLoadError.serverError(status: response.head.status)
        }
        guard !response.body.isEmpty else { throw ImageLoadError.damaged }
        guard ContentSniffer.imageFormat(of: response.body.prefix(64)) != nil else {
            await markNotImage(key: url.absoluteString)
            throw ImageLoadError.notAnImage
        }
        return file == nil ? .inMemory(response.body) : .stored
    }

    /// Magic bytes decide; the Content-Type only breaks ties when the bytes are too few to tell.
    static func looksLikeImage(contentType: String?, prefix: [UInt8]) -> Bool {
        if ContentSniffer.imageFormat(of: prefix) != nil { return true }
        if prefix.count >= 16 { return false }
        return ContentSniffer.isImage(contentType: contentType) ?? true
    }

    private func markNotImage(key: String) async {
        await save(Data(), key: key, to: notImageStore)
    }

    // MARK: Disk helpers

    private func save(_ data: Data, key: String, to store: DiskStore?) async {
        guard let store else { return }
        let failure: String? = await BlockingWork.run(on: BlockingWork.disk) { () -> String? in
            do { try store.write(data, key: key); return nil } catch { return "\(error)" }
        }
        if let failure {
            cacheProblems.report(failure)
        }
    }

    private func remove(key: String, from store: DiskStore?) async {
        guard let store else { return }
        await BlockingWork.run(on: BlockingWork.disk) { store.remove(key: key) }
    }

    /// Forgets everything about `url` that a Retry should not trust: a "not an image" verdict.
    public func forgetFailure(for url: URL) async {
        await remove(key: url.absoluteString, from: notImageStore)
    }
}

extension ImageLoadError {
    /// Normalizes whatever the pipeline threw into the classes a person sees.
    init(_ error: any Error) {
        switch error {
        case let error as ImageLoadError: self = error
        case let error as HTTPError: self = error.asImageLoadError
        case is CancellationError: self = .cancelled
        default: self = .damaged
        }
    }
}
