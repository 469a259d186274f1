import Foundation

/// What an original is, read once from its first bytes as it was downloaded: its format, the
/// size its header declares, and its length. Stored with the original (`DownloadFacts`), so
/// choosing how to decode it (`DecodeThreads`) or how much of the originals' budget it takes
/// never reads its bytes again.
public struct OriginalFacts: Sendable, Equatable {
    public let format: ImageFormat?
    /// Upright or not, as the header says; nil when the header is not understood here.
    public let declaredSize: PixelSize?
    public let byteCount: Int

    /// How far into a file its facts are looked for: a JPEG's size follows its EXIF block, a
    /// HEIF's its `meta` box.
    static let headerBytes = 1 << 20

    public init(format: ImageFormat?, declaredSize: PixelSize?, byteCount: Int) {
        self.format = format
        self.declaredSize = declaredSize
        self.byteCount = byteCount
    }

    /// From the file's first bytes (`headerBytes` are enough) and its whole length.
    init(header: Data, byteCount: Int) {
        self.init(format: ContentSniffer.imageFormat(of: header.prefix(ContentSniffer.preferredPrefixLength)),
                  header: header, byteCount: byteCount)
    }

    /// As above, with the format sniffed already (by the download's inspector).
    init(format: ImageFormat?, header: Data, byteCount: Int) {
        let size = ImageHeaderSize.declaredSize(of: header.prefix(Self.headerBytes))
        self.init(format: format, declaredSize: size.map { PixelSize(width: $0.width, height: $0.height) }, byteCount: byteCount)
    }

    /// Of bytes in memory.
    init(of data: Data) {
        self.init(header: data.prefix(Self.headerBytes), byteCount: data.count)
    }
}
