import Foundation

/// Thumbnails: memory, then the thumbnail disk cache, then made from the original (downloaded
/// once, read back under `thumbnailOriginals`), and "not an image" verdicts remembered.
extension ImageRepository {
    /// A thumbnail already decoded in memory, for showing a tile without a flash of a spinner.
    public func cachedThumbnail(for url: URL) -> DecodedImage? {
        memory.value(for: thumbnailKey(url))
    }

    /// Thumbnails of one size per URL; the not-an-image verdict and originals are per URL.
    /// "cm:" marks thumbnails made with colour management: those cached before it showed tagged
    /// pictures in the wrong colours, so they are made again (and the old files age out).
    func thumbnailKey(_ url: URL) -> String {
        "cm:\(configuration.thumbnailSide)px:\(url.absoluteString)"
    }

    /// The downscaled image for a grid tile. Throws `ImageLoadError`.
    public func thumbnail(for url: URL, priority: LoadPriority) async throws -> DecodedImage {
        try await thumbnail(for: url, priority: SharedPriority(priority))
    }

    /// As above, at a priority the caller may change while it waits (a tile scrolled into view):
    /// the download, the wait for the originals' budget and the decode follow it.
    public func thumbnail(for url: URL, priority: SharedPriority) async throws -> DecodedImage {
        let key = thumbnailKey(url)
        if let hit = memory.value(for: key) { return hit }
        do {
            return try await thumbnails.value(for: key, priority: priority) { [self] priority in
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
    func makeThumbnail(of url: URL, priority: SharedPriority) async throws -> Thumbnail {
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
            bytes = try await originalBytes(for: url, priority: priority)
        }
        let share = try await thumbnailOriginals.acquire(bytes: bytes.count, priority: priority)
        defer { share.release() }
        return try await decodeOrForget(key: key, bytes: bytes, priority: priority) {
            try ImageDecoder.thumbnail(from: bytes, side: side, maxPixels: maxPixels)
        }
    }

    enum OriginalForThumbnail {
        /// In the disk cache: the start of it (what `DecodeThreads` chooses a decode's thread by:
        /// the format and declared size, within the first megabyte) and the payload's size.
        case stored(prefix: Data, size: Int, store: DiskStore)
        /// Downloaded, but the disk cache could not keep it.
        case inMemory(Data)
    }

    struct OriginalFileGone: Error {}

    /// Bytes of an original's start that `DecodeThreads.isHeavy` reads.
    private static let decodeChoicePrefixBytes = 1 << 20

    /// The original in the disk cache, downloaded there (once, shared with the viewer) if it is
    /// not there yet; only its first megabyte is read back here.
    func originalForThumbnail(_ url: URL, priority: SharedPriority) async throws -> OriginalForThumbnail {
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
        return .inMemory(try await downloadBytesIntoMemory(url, priority: priority))
    }

    func thumbnailFromDisk(key: String) async -> DecodedImage? {
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

    func isKnownNotImage(key: String) async -> Bool {
        guard let notImages else { return false }
        return await BlockingWork.run(on: BlockingWork.disk) { notImages.contains(key) }
    }
}
