import CGtk
import Foundation
import GObjectSupport

/// The thumbnail cache's file: a PNG of the picture at thumbnail scale (the whole picture up to
/// `maxAspect`), with the original's size and the picture's look in its text chunks. Written from a decoded
/// `Thumbnail`, read back for a grid tile (its middle square) and for a viewer page (the whole
/// picture, standing in for an original still on its way). Decoding the original is
/// `ImageDecoder`'s; this type is only the file.
public enum ThumbnailPNG {
    /// The longest side a stored thumbnail keeps, in short sides: every photo and phone screen
    /// whole (a phone's 19.5:9 is 2.2), a panorama's middle only, so no thumbnail file is more
    /// than four times a square one.
    static let maxAspect = 4

    /// The original's size (upright), in the PNG's text chunks, under the names the freedesktop
    /// thumbnail specification gives them.
    static let sizeKeys = (width: "Thumb::Image::Width", height: "Thumb::Image::Height")
    /// The picture's look (`LookHash.text`), in a text chunk of the app's own.
    static let lookKey = "LinkGallery::Look"

    /// The cache file of `thumbnail`: its kept picture, and the original's size in text chunks.
    public static func encode(_ thumbnail: Thumbnail) throws(LoadError) -> Data {
        let pixbuf = thumbnail.kept, originalSize = thumbnail.image.sourceSize
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        // Level 0 stores the pixels without deflating them. Thumbnails are read back on every
        // start and every scroll back, and inflating took most of that: at level 0 a 128 px
        // thumbnail decodes in 0.12 ms instead of 0.30 (level 1) and encodes twice as fast, for
        // about twice the bytes on disk (photos' noise never compressed much anyway). At level 1,
        // decoding the first screen's thumbnails took more CPU than the first frame on two cores.
        let options = [("compression", "0"),
                       ("tEXt::" + sizeKeys.width, String(originalSize.width)),
                       ("tEXt::" + sizeKeys.height, String(originalSize.height))]
            + (thumbnail.image.look.map { [("tEXt::" + lookKey, $0.text)] } ?? [])
        var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        let saved = gdk_pixbuf_save_to_bufferv(OpaquePointer(pixbuf.pointer), &buffer, &size, "png", &keys, &values, &error)
        if let error { g_error_free(error) }
        defer { g_free(buffer) }
        // gdk-pixbuf's PNG writer fails only when it cannot allocate: the original is fine and
        // kept (`decodeOrForget` forgets only what a decoder called damaged).
        guard saved != 0, let buffer else { throw .outOfMemory }
        return Data(bytes: buffer, count: Int(size))
    }

    /// Reads back a thumbnail file: its middle square, for a grid tile. Anything but a complete
    /// PNG is `.damaged` (the caller then drops the cache file and makes the thumbnail again).
    public static func decodeTile(_ data: Data) throws(LoadError) -> ThumbnailImage {
        let loaded = try load(data)
        // A file written before looks were kept has none: made from its pixels (the app's own
        // file, the picture at thumbnail scale), so its copies are found too.
        let look = gdk_pixbuf_get_option(loaded.pointer, "tEXt::" + lookKey).flatMap { LookHash(text: String(cString: $0)) }
            ?? LookHash(pixbuf: loaded.pointer)
        return try ImageDecoder.tile(ofThumbnailPNG: loaded, look: look)
    }

    /// The whole picture a thumbnail PNG holds, standing for its original: `sourceWidth` and
    /// `sourceHeight` are the original's, `isScreenSized`, so a viewer page lays it out exactly
    /// where the original will be drawn. Nil when the file does not say the original's size
    /// (thumbnails stored by earlier versions) or holds only its middle (a panorama).
    public static func preview(_ data: Data) -> DecodedImage? {
        guard let loaded = try? load(data) else { return nil }
        func option(_ key: String) -> Int? {
            gdk_pixbuf_get_option(loaded.pointer, "tEXt::" + key).flatMap { Int(String(cString: $0)) }
        }
        guard let width = option(sizeKeys.width), let height = option(sizeKeys.height),
              width > 0, height > 0, let image = try? ImageDecoder.makeImage(loaded) else { return nil }
        // Whole only if it has the original's shape (within a pixel of rounding).
        let expectedHeight = Double(image.texture.pixelWidth) * Double(height) / Double(width)
        guard abs(expectedHeight - Double(image.texture.pixelHeight)) <= 1 else { return nil }
        return DecodedImage(texture: image.texture, sourceWidth: width, sourceHeight: height, isScreenSized: true)
    }

    private static func load(_ data: Data) throws(LoadError) -> DecodedFrame {
        // The app's own files of a few thousand pixels, read one at a time: not counted in
        // `DecodeThreads.pixels`, whose wait would block the disk queue's thread.
        let gate = LoaderSizeGate(maxPixels: ImageDecoder.defaultMaxPixels, maxSide: ImageDecoder.defaultMaxTextureSide,
                                  countsPixels: false)
        return try PixbufLoading.load(data, gate: gate, imageType: "png")
    }
}
