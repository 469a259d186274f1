import CGtk
import Foundation
import GalleryCore

extension DecodedImage {
    var pixels: Data { texture.pixels }
}

extension ThumbnailImage {
    var pixels: Data { texture.pixels }
}

extension TextureHandle {
    /// The texture's pixels as GTK hands them to the screen (premultiplied BGRA), so two images
    /// can be compared for what a person would actually see.
    var pixels: Data {
        let width = pixelWidth, height = pixelHeight
        var bytes = Data(count: width * height * 4)
        bytes.withUnsafeMutableBytes { buffer in
            gdk_texture_download(self.texture, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(width * 4))
        }
        return bytes
    }
}
