import Foundation

/// What the viewer shows of an original before it has all of it: the thumbnail standing in
/// for it, how far its download has come, and the rows that arrived.
extension ImageRepository {
    /// How far the download of `url`'s original has come; nil when none is under way.
    public func downloadProgress(for url: URL) -> DownloadProgress? {
        liveDownloads.download(for: url.absoluteString)?.progress
    }

    /// The stored thumbnail's whole picture laid out as the original (`ThumbnailPNG.preview`):
    /// shown at once on a page whose original is not ready. Nil when no thumbnail is on disk,
    /// or it does not know the original's size.
    /// The sizes the grid has used are tried, largest first: the sharpest stand-in.
    public func preview(for url: URL) async -> DecodedImage? {
        guard let store = thumbnailStore else { return nil }
        let sides = thumbnailSidesInUse.withLock { $0.union([configuration.thumbnailSide]) }.sorted(by: >)
        let keys = sides.map { thumbnailKey(url, side: $0) }
        return await BlockingWork.run(on: BlockingWork.thumbnailReads) {
            keys.lazy.compactMap { store.read(key: $0).flatMap { ThumbnailPNG.preview($0) } }.first
        }
    }

    /// What has arrived of `url`'s original, decoded for `screen` as the whole one will be, from
    /// the bytes the download stored so far (`PartialDecoding`), under the decode budget. Nil
    /// when nothing is downloading, nothing can be drawn yet, or the format is not drawn in part.
    public func partialOriginal(for url: URL, fitting screen: PixelSize, priority: SharedPriority) async -> DecodedImage? {
        guard let live = liveDownloads.download(for: url.absoluteString) else { return nil }
        let maxBytes = configuration.maxOriginalBytes, maxPixels = configuration.maxPixels
        // In the download's cache file, the worker maps them from there: nothing is copied
        // however often the viewer asks; in memory (no disk cache) or decoded here, read.
        let inFile = !DecoderIsolation.readsHere
        let received = await BlockingWork.run(on: BlockingWork.disk) { () -> PictureBytes? in
            if inFile, let file = live.receivedFile(maxBytes: maxBytes) { return PictureBytes(arrivedIn: file) }
            return live.receivedBytes(maxBytes: maxBytes).map(PictureBytes.init(arrived:))
        }
        guard let received, PartialDecoding.draws(received.data) else { return nil }
        let mostPixels = min(maxPixels, ImageDecoder.screenFit(screen).mostPixels)
        return try? await decodeCancellably(priority: priority, mostPixels: mostPixels) {
            try PartialDecoding.decode(received, fitting: screen, maxPixels: maxPixels)
        }
    }
}
