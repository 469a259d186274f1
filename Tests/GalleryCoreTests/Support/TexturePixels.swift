import CGtk
import Foundation
import GalleryCore

extension DecodedImage {
    /// The texture's pixels as GTK hands them to the screen (premultiplied BGRA), so two images
    /// can be compared for what a person would actually see.
    var pixels: Data {
        let width = texture.pixelWidth, height = texture.pixelHeight
        var bytes = Data(count: width * height * 4)
        bytes.withUnsafeMutableBytes { buffer in
            gdk_texture_download(texture.texture, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(width * 4))
        }
        return bytes
    }
}
