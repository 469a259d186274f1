import Foundation

/// What an original is: its format (the magic number its download's inspector sniffed), its
/// length, and the size its picture declares — learnt from the sandboxed decoder's answer the
/// first time it is decoded (`ImageRepository.learn`), never read from its bytes in this
/// process. Stored with the original (`DownloadFacts`), so how much of the originals' gate a
/// thumbnail takes (`ImageRepository.thumbnailOriginals`) never reads its bytes again.
public struct OriginalFacts: Sendable, Equatable {
    public let format: ImageFormat?
    /// Upright, as the decoder reported it; nil until a decode has.
    public let declaredSize: PixelSize?
    public let byteCount: Int

    public init(format: ImageFormat?, declaredSize: PixelSize?, byteCount: Int) {
        self.format = format
        self.declaredSize = declaredSize
        self.byteCount = byteCount
    }

    /// From the file's first bytes (its magic number) and its whole length.
    init(header: Data, byteCount: Int) {
        self.init(format: ContentSniffer.imageFormat(of: header.prefix(ContentSniffer.preferredPrefixLength)),
                  declaredSize: nil, byteCount: byteCount)
    }

    /// Of bytes in memory.
    init(of data: Data) {
        self.init(header: data, byteCount: data.count)
    }

    /// The same original with the size its decode reported.
    func withDeclaredSize(_ size: PixelSize) -> OriginalFacts {
        OriginalFacts(format: format, declaredSize: size, byteCount: byteCount)
    }
}
