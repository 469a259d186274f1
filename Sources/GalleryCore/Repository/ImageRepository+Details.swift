import Foundation

/// The properties panel's facts about an original: its metadata (read in the sandboxed worker),
/// its size on disk, and where it came from.
extension ImageRepository {
    public func details(for url: URL) async -> PictureDetails {
        let key = url.absoluteString
        var details = PictureDetails()
        if let facts = downloadFacts.facts(for: key) {
            details.contentType = facts.contentType
            details.lastModified = facts.lastModified
            details.origin = .network
        }
        guard let bytes = await storedOriginal(for: url) else { return details }
        details.fileBytes = bytes.count
        details.origin = details.origin ?? .diskCache
        details.metadata = await BlockingWork.run(on: BlockingWork.decode) { SandboxedMetadata.read(bytes) }
        return details
    }
}
