import Foundation

/// Thumbnails: memory, then the thumbnail disk cache, then made from the original (downloaded
/// once, read back under `thumbnailOriginals`), and "not an image" verdicts remembered.
extension ImageRepository {
    /// A thumbnail already decoded in memory, for showing a tile without a flash of a spinner.
    public func cachedThumbnail(for url: URL, side: Int? = nil) -> ThumbnailImage? {
        memory.value(for: thumbnailKey(url, side: side ?? configuration.thumbnailSide))
    }

    /// Thumbnails of each size per URL; the not-an-image verdict and originals are per URL.
    /// "cm:" marks thumbnails made with colour management: those cached before it showed tagged
    /// pictures in the wrong colours, so they are made again (and the old files age out).
    func thumbnailKey(_ url: URL, side: Int) -> String {
        "cm:\(side)px:\(url.absoluteString)"
    }

    /// The downscaled image for a grid tile, `side` pixels square (the configured size unless
    /// the person chose larger tiles), at a priority the caller may change while it waits
    /// (a tile scrolled into view): the download, the wait for the originals' gate and the
    /// decode follow it. A new size is made from the original on disk, not downloaded again.
    /// Throws `LoadError`.
    public func thumbnail(for url: URL, side: Int? = nil, priority: SharedPriority) async throws -> ThumbnailImage {
        let side = min(max(side ?? configuration.thumbnailSide, 16), ImageDecoder.largestThumbnailSide)
        thumbnailSidesInUse.withLock { _ = $0.insert(side) }
        let key = thumbnailKey(url, side: side)
        if let hit = memory.value(for: key) { return hit }
        do {
            let image = try await thumbnails.value(for: key, priority: priority) { [self] priority in
                if let fromDisk = await thumbnailFromDisk(key: key) { return fromDisk }
                if await isKnownNotImage(key: url.absoluteString) { throw LoadError.notAnImage }
                let made = try await makeThumbnail(of: url, side: side, priority: priority)
                await save(made.file, key: key, to: thumbnailStore)
                memory.insert(made.image, for: key, cost: made.image.texture.byteCost)
                return made.image
            }
            failureLog.succeeded(url)
            return image
        } catch {
            let failure = LoadError(error)
            failureLog.failed(url, with: failure)
            throw failure
        }
    }

    /// Decodes a thumbnail from the original in the disk cache, read back only once the
    /// `thumbnailOriginals` gate has room for it: originals are written to disk as they
    /// arrive, so thumbnails waiting for a decode hold no memory. Without a disk cache (or when
    /// the file went away meanwhile) from the bytes in memory, under the same gate.
    func makeThumbnail(of url: URL, side: Int, priority: SharedPriority) async throws -> (image: ThumbnailImage, file: Data) {
        let key = url.absoluteString
        let maxPixels = configuration.maxPixels
        let mostPixels = ImageDecoder.mostPixels(ofThumbnailSide: side, maxPixels: maxPixels)
        var bytes: Data
        switch try await locateOriginal(url, priority: priority) {
        case .inMemory(let downloaded):
            bytes = downloaded
        case .stored(let store, let stored):
            let share = try await thumbnailOriginals.enter(cost: stored.byteCount, priority: priority)
            defer { share.release() }
            do {
                let made = try await decodeOrForget(key: key, priority: priority, mostPixels: mostPixels) {
                    guard let bytes = store.read(key: key) else { throw OriginalFileGone() }
                    return try Self.thumbnailAndFile(of: bytes, side: side, maxPixels: maxPixels)
                }
                learn(made.image.sourceSize, of: url, from: stored)
                return made
            } catch is OriginalFileGone {
                // Evicted, or damaged on disk (then removed) since: fetched again.
            }
            bytes = try await originalBytes(for: url, priority: priority).bytes
        }
        let share = try await thumbnailOriginals.enter(cost: bytes.count, priority: priority)
        defer { share.release() }
        return try await decodeOrForget(key: key, priority: priority, mostPixels: mostPixels) { [bytes] in
            try Self.thumbnailAndFile(of: bytes, side: side, maxPixels: maxPixels)
        }
    }

    /// Decoded, then encoded for the cache, both on the decode thread.
    private static func thumbnailAndFile(of bytes: Data, side: Int, maxPixels: Int) throws -> (image: ThumbnailImage, file: Data) {
        let thumbnail = try ImageDecoder.thumbnail(from: bytes, side: side, maxPixels: maxPixels)
        return (thumbnail.image, try ThumbnailPNG.encode(thumbnail))
    }

    struct OriginalFileGone: Error {}

    func thumbnailFromDisk(key: String) async -> ThumbnailImage? {
        guard let store = thumbnailStore else { return nil }
        let image: ThumbnailImage? = await BlockingWork.run(on: BlockingWork.thumbnailReads) {
            guard let data = store.read(key: key) else { return nil }
            guard let image = try? ThumbnailPNG.decodeTile(data) else {
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
