import CGtk
import Foundation
import GObjectSupport

/// Decodes image bytes into textures with gdk-pixbuf, safely on any thread.
///
/// Limits are checked from the size the file declares, before pixels are allocated: a PNG that
/// claims 30000×30000 is refused as `.tooLarge` instead of taking gigabytes. Thumbnails are
/// downscaled while decoding, and EXIF orientation is applied so photos stand upright.
public enum ImageDecoder {
    public static let defaultMaxPixels = 100_000_000
    public static let defaultMaxTextureSide = 8192

    /// A thumbnail whose longest side is at most `maxSide` (never upscaled), plus its PNG.
    public static func thumbnail(
        from data: Data, maxSide: Int = 256, maxPixels: Int = defaultMaxPixels
    ) throws(ImageLoadError) -> Thumbnail {
        let loaded = try PixbufLoading.load(data, gate: LoaderSizeGate(maxPixels: maxPixels, maxSide: maxSide))
        let oriented = orient(loaded)
        let png = try encodePNG(oriented.pixbuf)
        return Thumbnail(pngData: png, image: try makeImage(oriented))
    }

    /// The image at full size, or downscaled to fit `maxTextureSide` (GPU texture limits).
    public static func original(
        from data: Data, maxPixels: Int = defaultMaxPixels, maxTextureSide: Int = defaultMaxTextureSide
    ) throws(ImageLoadError) -> DecodedImage {
        let loaded = try PixbufLoading.load(data, gate: LoaderSizeGate(maxPixels: maxPixels, maxSide: maxTextureSide))
        return try makeImage(orient(loaded))
    }

    /// Reads back a thumbnail PNG from the disk cache. Anything but a complete PNG is `.damaged`
    /// (the caller then drops the cache file and makes the thumbnail again).
    public static func decodePNGThumbnail(_ data: Data) throws(ImageLoadError) -> DecodedImage {
        let gate = LoaderSizeGate(maxPixels: defaultMaxPixels, maxSide: defaultMaxTextureSide)
        let loaded = try PixbufLoading.load(data, gate: gate, imageType: "png")
        return try makeImage(loaded)
    }

    /// Applies the EXIF orientation tag. Orientations 5–8 turn the image by 90°, so the declared
    /// size is swapped too, keeping `DecodedImage.wasDownscaled` truthful.
    private static func orient(_ loaded: PixbufLoading.Loaded) -> PixbufLoading.Loaded {
        let source = loaded.pointer
        let orientation = gdk_pixbuf_get_option(source, "orientation").map { String(cString: $0) }
        guard let orientation, orientation != "1", let rotated = gdk_pixbuf_apply_embedded_orientation(source) else {
            return loaded
        }
        let swapsSides = ["5", "6", "7", "8"].contains(orientation)
        return PixbufLoading.Loaded(
            pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(rotated)),
            declaredWidth: swapsSides ? loaded.declaredHeight : loaded.declaredWidth,
            declaredHeight: swapsSides ? loaded.declaredWidth : loaded.declaredHeight
        )
    }

    private static func makeImage(_ loaded: PixbufLoading.Loaded) throws(ImageLoadError) -> DecodedImage {
        guard let texture = gdk_texture_new_for_pixbuf(loaded.pointer) else { throw .damaged }
        return DecodedImage(texture: TextureHandle(taking: texture),
                            sourceWidth: loaded.declaredWidth, sourceHeight: loaded.declaredHeight)
    }

    private static func encodePNG(_ pixbuf: ObjectReference) throws(ImageLoadError) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let saved = gdk_pixbuf_save_to_bufferv(OpaquePointer(pixbuf.pointer), &buffer, &size, "png", nil, nil, &error)
        if let error { g_error_free(error) }
        defer { g_free(buffer) }
        guard saved != 0, let buffer else { throw .damaged }
        return Data(bytes: buffer, count: Int(size))
    }
}
