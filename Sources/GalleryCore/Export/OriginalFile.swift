import Foundation

/// An original's bytes exactly as downloaded, with the format its download decided on the
/// network thread (`ImageRepository.download`): one sniff per download names its copies
/// (Save to Folder, Save Image As…, Open With, Set as Background) as it decoded the thumbnail.
/// Nil for bytes no download sniffed (a test's folder of files): `SavedFileName` sniffs those.
public struct OriginalFile: Sendable {
    public let data: Data
    public let format: ImageFormat?

    public init(data: Data, format: ImageFormat?) {
        self.data = data
        self.format = format
    }
}
