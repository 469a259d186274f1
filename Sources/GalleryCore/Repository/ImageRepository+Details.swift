import Foundation

/// The properties panel's facts about an original: its metadata (read in the sandboxed worker),
/// its size on disk, and where it came from.
extension ImageRepository {
    public func details(for url: URL) async -> PictureDetails {
        let key = url.absoluteString, facts = downloadFacts
        var details = PictureDetails()
        let (said, thisRun) = await BlockingWork.run(on: BlockingWork.disk) { (facts.facts(for: key), facts.downloadedThisRun(key)) }
        details.contentType = said?.contentType
        details.lastModified = said?.lastModified
        if thisRun { details.origin = .network }
        guard let bytes = await storedOriginal(for: url) else { return details }
        details.fileBytes = bytes.count
        details.origin = details.origin ?? .diskCache
        // A worker's turn like any decode's, for the panel a person opened.
        details.metadata = (try? await DecodeThreads.run(priority: SharedPriority(.interactive), mostPixels: 0) {
            SandboxedMetadata.read(bytes)
        }) ?? nil
        return details
    }
}
