import Foundation

extension ImageDecoder {
    /// The picture in `data` as `turn` turns it, as a file, and the extension its format calls
    /// for (`TurnedCopy`, made in a worker): what Save Image As… writes for a turned picture.
    public static func turnedCopy(of data: Data, turn: PictureTurn, maxPixels: Int = defaultMaxPixels)
        throws(LoadError) -> (data: Data, fileExtension: String) {
        try turnedCopy(of: PictureBytes(oneOff: data), turn: turn, maxPixels: maxPixels)
    }

    /// The same, of a picture a worker may hold open already.
    static func turnedCopy(of bytes: PictureBytes, turn: PictureTurn, maxPixels: Int) throws(LoadError) -> (data: Data, fileExtension: String) {
        let file = try SandboxedTurnedCopy.make(bytes, turn: turn, maxPixels: maxPixels)
        return (file.data, SavedFileName.preferredExtension(of: file.format) ?? "png")
    }
}
