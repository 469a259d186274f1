import Foundation

extension ImageDecoder {
    /// The picture in `data` as `turn` turns it, as a file, and the extension its format calls
    /// for (`TurnedCopy`, an edit made by the loader: in a worker): what Save Image As… writes for a turned picture.
    /// `crop`: only that part of the picture so turned (Save Copy of a crop).
    public static func turnedCopy(of data: Data, turn: PictureTurn, crop: CropArea? = nil, maxPixels: Int = defaultMaxPixels)
        throws(LoadError) -> (data: Data, fileExtension: String) {
        try turnedCopy(of: PictureBytes(oneOff: data), turn: turn, crop: crop, maxPixels: maxPixels)
    }

    /// The same, of a picture a worker may hold open already.
    static func turnedCopy(of bytes: PictureBytes, turn: PictureTurn, crop: CropArea? = nil, maxPixels: Int)
        throws(LoadError) -> (data: Data, fileExtension: String) {
        let file = try DecoderIsolation.loader().edit(bytes, PictureEdit(turn: turn, crop: crop), maxPixels: maxPixels)
        return (file.data, SavedFileName.preferredExtension(of: file.format) ?? "png")
    }
}
