import Foundation

/// The start of an image still downloading, for the viewer to draw while the rest arrives: a
/// frame request of what has arrived (`PicturePipeline.arriving`), which the pipeline serves
/// with the format's partial-bytes decoders (`PNGArrivingRows`, `JXLArrivingPasses`) or its
/// arrived bytes made whole (`JPEGArrivedBytes`), and turns
/// upright, converts and clears as the whole file will be, so what is drawn now is what stays;
/// rows not received yet are transparent, and the picture beneath (the thumbnail) shows there.
/// In the app this runs in a sandboxed worker, like every decode.
enum PartialDecoding {
    /// Formats drawn in part, row by row as they arrive (sniffed from the magic number only).
    static func draws(_ data: Data) -> Bool {
        let format = ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength))
        return format.map { DecoderRegistry.completion(for: $0) != nil || !DecoderRegistry.decoders(for: $0, able: .partialBytes).isEmpty }
            ?? false
    }

    /// The screen-sized picture of what `received` holds, or nil when nothing can be drawn yet.
    static func decode(_ received: Data, fitting screen: PixelSize, maxPixels: Int) throws(LoadError) -> DecodedImage? {
        try decode(PictureBytes(arrived: received), fitting: screen, maxPixels: maxPixels)
    }

    /// The same of bytes in memory or in the download's cache file (`ArrivedFile`).
    static func decode(_ received: PictureBytes, fitting screen: PixelSize, maxPixels: Int) throws(LoadError) -> DecodedImage? {
        guard draws(received.data), let loaded = try PicturePipeline.arriving(received, screen: screen, maxPixels: maxPixels) else {
            return nil
        }
        let image = try ImageDecoder.makeImage(loaded)
        return DecodedImage(texture: image.texture, sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight,
                            isScreenSized: true)
    }
}
