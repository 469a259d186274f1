import Foundation
import GalleryCore

/// The viewer reads originals from the same repository as the grid, so an image whose
/// thumbnail was made is never downloaded again for the viewer.
extension ImageRepository: OriginalImageSource {
    public func original(for url: URL, fitting screen: PixelSize?, priority: SharedPriority) async throws -> DecodedImage {
        try await original(for: url, fitting: screen, turn: .none, priority: priority)
    }

    public func originalData(for url: URL) async throws -> Data {
        try await original(bytesFor: url, priority: .interactive)
    }

    public func originalFile(for url: URL) async throws -> OriginalFile {
        try await originalFile(for: url, priority: .interactive)
    }
}
