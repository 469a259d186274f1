import Foundation

/// A small decoded image plus its PNG encoding, which is what the disk cache stores so the next
/// start does not fetch and downscale the original again.
public struct Thumbnail: Sendable {
    public let pngData: Data
    public let image: DecodedImage

    public init(pngData: Data, image: DecodedImage) {
        self.pngData = pngData
        self.image = image
    }
}
