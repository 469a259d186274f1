import Foundation

/// The properties panel's facts about an original: its metadata (opened by the loader: in a
/// sandboxed worker), its size on disk, and where it came from.
extension ImageRepository {
    public func details(for url: URL) async -> PictureDetails {
        let key = url.absoluteString, facts = downloadFacts
        var details = PictureDetails()
        let (said, thisRun) = await BlockingWork.run(on: BlockingWork.disk) { (facts.facts(for: key), facts.downloadedThisRun(key)) }
        details.contentType = said?.contentType
        details.lastModified = said?.lastModified
        if thisRun { details.origin = .network }
        // The page on screen is open in a worker already: its properties ship no byte to it.
        let bytes: PictureBytes
        if let opened = openedOriginals.take(key) {
            bytes = opened.bytes
        } else if let stored = await storedOriginal(for: url) {
            bytes = PictureBytes(oneOff: stored)
        } else {
            return details
        }
        details.fileBytes = bytes.count
        details.origin = details.origin ?? .diskCache
        // A worker's turn like any decode's, for the panel a person opened.
        let loader = DecoderIsolation.loader()
        details.metadata = (try? await DecodeThreads.run(priority: SharedPriority(.interactive), mostPixels: 0) {
            loader.open(bytes, cancellation: nil)
        }) ?? nil
        return details
    }
}
