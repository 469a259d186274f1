import CGtk
import Foundation
import GalleryCore

/// The picture on a page as a file another application takes from Copy Image or a drag out:
/// the original's bytes as downloaded, or, turned, its turned copy made in a worker — both with
/// the file's ICC profile and EXIF, which the pixels on screen (sRGB, no metadata) have lost.
/// Its bytes are made when a paste or a drop asks for them (`DeferredContent`).
@MainActor
enum PictureFileOffer {
    /// Transfer full; nil when the source cannot name the file's type yet (its original is not open).
    static func provider(
        source: any OriginalImageSource, url: URL, turn: PictureTurn
    ) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard let format = source.pictureFileFormat(for: url, turn: turn) else { return nil }
        return DeferredContent.provider(mimeType: format.mimeType) {
            try? await source.pictureFile(for: url, turn: turn, priority: .interactive)
        }
    }
}
