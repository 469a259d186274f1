import Foundation

/// Copies of a picture made from its original (the contract's edits), in a worker.
extension ImageRepository {
    /// The picture as `turn` turns it, as a file (`TurnedCopy`): a JPEG retagged with every
    /// other byte kept, anything else decoded and written again with its ICC profile and EXIF;
    /// and the extension its format calls for. The original opened for its page is reused, so
    /// a worker that holds it gets only the request.
    public func turnedCopy(for url: URL, turn: PictureTurn, priority shared: SharedPriority) async throws -> (data: Data, fileExtension: String) {
        try await croppedCopy(for: url, turn: turn, crop: nil, priority: shared)
    }

    /// The same, of only `crop` of the picture so turned (Save Copy of a crop; nil: all of it).
    public func croppedCopy(for url: URL, turn: PictureTurn, crop: CropArea?, priority shared: SharedPriority)
        async throws -> (data: Data, fileExtension: String) {
        do {
            let (bytes, _) = try await openedOriginal(for: url, priority: shared)
            let maxPixels = configuration.maxPixels
            return try await decodeOrForget(key: url.absoluteString, priority: shared, mostPixels: maxPixels) {
                try ImageDecoder.turnedCopy(of: bytes, turn: turn, crop: crop, maxPixels: maxPixels)
            }
        } catch {
            throw LoadError(error)
        }
    }
}
