/// What the viewer's properties panel tells about an original beyond its pixels: what its file
/// says (`PictureMetadata`), its size, and where it came from.
public struct PictureDetails: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// Downloaded while the app runs; the server's answer is known.
        case network
        /// Read from the disk cache, downloaded by an earlier run.
        case diskCache
    }

    public var metadata: PictureMetadata?
    public var fileBytes: Int?
    /// The server's Content-Type and Last-Modified, as it said when the original was downloaded.
    public var contentType: String?
    public var lastModified: String?
    public var origin: Origin?

    public init(metadata: PictureMetadata? = nil, fileBytes: Int? = nil, contentType: String? = nil,
                lastModified: String? = nil, origin: Origin? = nil) {
        self.metadata = metadata
        self.fileBytes = fileBytes
        self.contentType = contentType
        self.lastModified = lastModified
        self.origin = origin
    }
}
