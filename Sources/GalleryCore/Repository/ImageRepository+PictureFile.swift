import Foundation

/// The picture as a file another application takes: Copy Image and a drag out of the viewer.
extension ImageRepository {
    /// The format of the file the viewer offers (`OriginalImageSource.pictureFile`), known at once for an original the
    /// viewer holds open (a clipboard or a drag names its type before a reader asks for the
    /// bytes); nil for one that is not open.
    public func pictureFileFormat(for url: URL, turn: PictureTurn) -> ImageFormat? {
        guard let format = openedOriginals.facts(url.absoluteString)?.format else { return nil }
        return turn.isNone ? format : format.turnedCopyFormat
    }
}
