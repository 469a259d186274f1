import CGtk
import Foundation
import GObjectSupport

/// Thumbnails: made from an original, stored as PNG in the disk cache, read back for the grid
/// (the middle square) and for the viewer (the whole picture, standing in for an original that
/// is still on its way).
extension ImageDecoder {
    /// A square thumbnail for a grid tile, plus the PNG the disk cache keeps. The tile's pixels
    /// are the middle of the image, `side` pixels square (smaller for a smaller image, never
    /// upscaled): tiles are square and show their picture cover-fitted, so these are the pixels a
    /// tile shows and no more, a quarter of the memory, decoding and texture upload of a 256 px
    /// thumbnail. The PNG keeps the whole picture at that scale (up to `previewMaxAspect`) and
    /// the original's size (`previewSizeKeys`), so the viewer can show it in the original's
    /// place while the original downloads.
    public static func thumbnail(
        from data: Data, side: Int = defaultThumbnailSide, maxPixels: Int = defaultMaxPixels
    ) throws(ImageLoadError) -> Thumbnail {
        let fit = LoaderSizeGate.Fit.cover(side: max(1, side), maxSide: defaultMaxTextureSide)
        let loaded = orient(try PixbufLoading.load(data, gate: LoaderSizeGate(maxPixels: maxPixels, fit: fit)))
        let kept = try middle(of: loaded, maxAspect: previewMaxAspect)
        let png = try encodePNG(kept.pixbuf, originalSize: PixelSize(width: loaded.declaredWidth, height: loaded.declaredHeight))
        return Thumbnail(pngData: png, image: try makeImage(middle(of: kept, maxAspect: 1)))
    }

    /// The longest side a stored thumbnail keeps, in short sides: every photo and phone screen
    /// whole (a phone's 19.5:9 is 2.2), a panorama's middle only, so no thumbnail file is more
    /// than four times a square one.
    static let previewMaxAspect = 4

    /// The original's size (upright), in the thumbnail PNG's text chunks, under the names the
    /// freedesktop thumbnail specification gives them.
    static let previewSizeKeys = (width: "Thumb::Image::Width", height: "Thumb::Image::Height")

    /// Reads back a thumbnail PNG from the disk cache: its middle square, for a grid tile.
    /// Anything but a complete PNG is `.damaged` (the caller then drops the cache file and makes
    /// the thumbnail again).
    public static func decodePNGThumbnail(_ data: Data) throws(ImageLoadError) -> DecodedImage {
        try makeImage(middle(of: loadThumbnailPNG(data), maxAspect: 1))
    }

    /// The whole picture a thumbnail PNG holds, standing for its original: `sourceWidth` and
    /// `sourceHeight` are the original's, `isScreenSized`, so a viewer page lays it out exactly
    /// where the original will be drawn. Nil when the file does not say the original's size
    /// (thumbnails stored by earlier versions) or holds only its middle (a panorama).
    public static func preview(fromThumbnailPNG data: Data) -> DecodedImage? {
        guard let loaded = try? loadThumbnailPNG(data) else { return nil }
        func option(_ key: String) -> Int? {
            gdk_pixbuf_get_option(loaded.pointer, "tEXt::" + key).flatMap { Int(String(cString: $0)) }
        }
        guard let width = option(previewSizeKeys.width), let height = option(previewSizeKeys.height),
              width > 0, height > 0, let image = try? makeImage(loaded) else { return nil }
        // Whole only if it has the original's shape (within a pixel of rounding).
        let expectedHeight = Double(image.texture.pixelWidth) * Double(height) / Double(width)
        guard abs(expectedHeight - Double(image.texture.pixelHeight)) <= 1 else { return nil }
        return DecodedImage(texture: image.texture, sourceWidth: width, sourceHeight: height, isScreenSized: true)
    }

    private static func loadThumbnailPNG(_ data: Data) throws(ImageLoadError) -> PixbufLoading.Loaded {
        let gate = LoaderSizeGate(maxPixels: defaultMaxPixels, maxSide: defaultMaxTextureSide)
        return try PixbufLoading.load(data, gate: gate, imageType: "png")
    }

    /// The middle of the picture, its long side at most `maxAspect` short sides, in a pixbuf of
    /// its own size: a sub-pixbuf, or a copy of one (which keeps the parent's row stride), would
    /// keep the whole decoded width behind the texture.
    private static func middle(of loaded: PixbufLoading.Loaded, maxAspect: Int) throws(ImageLoadError) -> PixbufLoading.Loaded {
        let source = loaded.pointer
        let width = gdk_pixbuf_get_width(source), height = gdk_pixbuf_get_height(source)
        let keptWidth = min(width, height * gint(maxAspect)), keptHeight = min(height, width * gint(maxAspect))
        guard keptWidth != width || keptHeight != height else { return loaded }
        guard let kept = gdk_pixbuf_new(gdk_pixbuf_get_colorspace(source), gdk_pixbuf_get_has_alpha(source),
                                        gdk_pixbuf_get_bits_per_sample(source), keptWidth, keptHeight) else { throw .tooLarge }
        gdk_pixbuf_copy_area(source, (width - keptWidth) / 2, (height - keptHeight) / 2, keptWidth, keptHeight, kept, 0, 0)
        return PixbufLoading.Loaded(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(kept)),
                                    declaredWidth: loaded.declaredWidth, declaredHeight: loaded.declaredHeight)
    }

    private static func encodePNG(_ pixbuf: ObjectReference, originalSize: PixelSize) throws(ImageLoadError) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        // Level 0 stores the pixels without deflating them. Thumbnails are read back on every
        // start and every scroll back, and inflating took most of that: at level 0 a 128 px
        // thumbnail decodes in 0.12 ms instead of 0.30 (level 1) and encodes twice as fast, for
        // about twice the bytes on disk (photos' noise never compressed much anyway). At level 1,
        // decoding the first screen's thumbnails took more CPU than the first frame on two cores.
        let options = [("compression", "0"),
                       ("tEXt::" + previewSizeKeys.width, String(originalSize.width)),
                       ("tEXt::" + previewSizeKeys.height, String(originalSize.height))]
        var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        let saved = gdk_pixbuf_save_to_bufferv(OpaquePointer(pixbuf.pointer), &buffer, &size, "png", &keys, &values, &error)
        if let error { g_error_free(error) }
        defer { g_free(buffer) }
        guard saved != 0, let buffer else { throw .damaged }
        return Data(bytes: buffer, count: Int(size))
    }
}
