import Foundation
import GalleryCore

/// Where the viewer gets full-size images. The app's `ImageRepository` (shared with the grid:
/// memory, then disk, then one coalesced download) conforms; tests use a folder of real files.
///
/// Errors are `LoadError` (`.cancelled` when the calling task was cancelled).
public protocol OriginalImageSource: Sendable {
    /// The original, decoded for display: given `screen` (device pixels, upright), scaled while
    /// decoding to fit it (`DecodedImage.isScreenSized`); without, at full size. Over the
    /// texture limit it comes back downscaled (`DecodedImage.wasDownscaled`). `priority` may
    /// change while the work waits (a neighbour the person turns to): the work follows it.
    func original(for url: URL, fitting screen: PixelSize?, priority: SharedPriority) async throws -> DecodedImage

    /// The same, turned as a person turned it (print), by the decoder in the same step as the
    /// file's own turn.
    func original(for url: URL, fitting screen: PixelSize?, turn: PictureTurn, priority: SharedPriority) async throws -> DecodedImage

    /// The original finer than its screen size, for the page a person zooms into: at least
    /// `region` (nil: all of it), as fine as it asks.
    func fullDetail(for url: URL, covering region: DetailRegion?, priority: SharedPriority) async throws -> FullDetailImage

    /// The original file's bytes exactly as downloaded.
    func originalData(for url: URL) async throws -> Data

    /// The same with the format its download decided, for "Save Image As…", Open With and Set
    /// as Background to name their copies by (`OriginalFile`).
    func originalFile(for url: URL) async throws -> OriginalFile

    /// The picture as a person turned it, as a file, and its extension: Save Image As…'s
    /// turned copy, with the original's ICC profile and EXIF (`ImageRepository.turnedCopy`).
    func turnedCopy(for url: URL, turn: PictureTurn, priority: SharedPriority) async throws -> (data: Data, fileExtension: String)

    /// The same, of only `crop` of the picture so turned: Save Copy of a crop.
    func croppedCopy(for url: URL, turn: PictureTurn, crop: CropArea?, priority: SharedPriority) async throws -> (data: Data, fileExtension: String)

    /// The format of the picture as a file (`pictureFile`), when known at once (the original is
    /// open): a clipboard or a drag names its type before a reader asks for the bytes. Nil: no
    /// file is offered, only the pixels on screen.
    func pictureFileFormat(for url: URL, turn: PictureTurn) -> ImageFormat?

    /// A picture to show in the original's place while it is not ready (its thumbnail's whole
    /// picture): `sourceWidth`/`sourceHeight` are the original's. Nil when there is none.
    func preview(for url: URL) async -> DecodedImage?

    /// The picture's grid thumbnail, for the filmstrip: from memory, then disk, else made once
    /// from the original (which the page then reuses), the same one the grid shows. `side` nil:
    /// the grid's size.
    func thumbnail(for url: URL, side: Int?, priority: SharedPriority) async throws -> ThumbnailImage

    /// The same when it is in memory already, so a strip scrolled back shows it at once.
    func cachedThumbnail(for url: URL, side: Int?) -> ThumbnailImage?

    /// Why the picture last failed, for the page's Details; nil when nothing is known.
    func failureReport(for url: URL) -> FailureReport?

    /// How far the original's download has come; nil when none is under way.
    func downloadProgress(for url: URL) -> DownloadProgress?

    /// What has arrived of the original, decoded for `screen` as the whole will be, the rest
    /// transparent; nil when nothing can be drawn yet.
    func partialOriginal(for url: URL, fitting screen: PixelSize, priority: SharedPriority) async -> DecodedImage?

    /// What the properties panel tells beyond the pixels: the file's metadata, size and origin.
    func details(for url: URL) async -> PictureDetails
}

extension OriginalImageSource {
    /// The picture as a file for another application (Copy Image, a drag out): the original's
    /// bytes as downloaded, or turned, its turned copy; the ICC profile and EXIF go with both.
    func pictureFile(for url: URL, turn: PictureTurn, priority: SharedPriority) async throws -> Data {
        guard !turn.isNone else { return try await originalData(for: url) }
        return try await turnedCopy(for: url, turn: turn, priority: priority).data
    }
}

/// A source whose originals are all there at once (files, in tests) has nothing to show early,
/// and no download that sniffed them.
extension OriginalImageSource {
    public func originalFile(for url: URL) async throws -> OriginalFile {
        OriginalFile(data: try await originalData(for: url), format: nil)
    }

    public func preview(for url: URL) async -> DecodedImage? { nil }
    public func downloadProgress(for url: URL) -> DownloadProgress? { nil }
    public func partialOriginal(for url: URL, fitting screen: PixelSize, priority: SharedPriority) async -> DecodedImage? { nil }
    public func details(for url: URL) async -> PictureDetails { PictureDetails() }
}
