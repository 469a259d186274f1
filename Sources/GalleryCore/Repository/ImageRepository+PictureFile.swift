import Foundation

/// The picture as a file another application takes: Copy Image and a drag out of the viewer.
extension ImageRepository {
    /// The format of the file `pictureFile(for:turn:)` makes, known at once for an original the
    /// viewer holds open (a clipboard or a drag names its type before a reader asks for the
    /// bytes); nil for one that is not open.
    public func pictureFileFormat(for url: URL, turn: PictureTurn) -> ImageFormat? {
        guard let format = openedOriginals.facts(url.absoluteString)?.format else { return nil }
        return turn.isNone ? format : format.turnedCopyFormat
    }

    /// The original's bytes as downloaded, its ICC profile and EXIF in them; turned, its turned
    /// copy, made in a worker with its profile and EXIF (`turnedCopy`).
    public func pictureFile(for url: URL, turn: PictureTurn, priority: SharedPriority) async throws -> Data {
        guard !turn.isNone else { return try await original(bytesFor: url, priority: priority) }
        return try await turnedCopy(for: url, turn: turn, priority: priority).data
    }
}
