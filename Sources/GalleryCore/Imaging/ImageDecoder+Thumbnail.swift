import CGtk
import Foundation
import GObjectSupport

/// Thumbnails decoded from an original (and, for `ThumbnailPNG`, from the cache file it
/// stores): the middle square a grid tile shows, and the wider picture the file keeps.
extension ImageDecoder {
    /// A square thumbnail for a grid tile, and the picture its cache file keeps
    /// (`ThumbnailPNG.encode`). The tile's pixels are the middle of the image, `side` pixels
    /// square (smaller for a smaller image, never upscaled): tiles are square and show their
    /// picture cover-fitted, so these are the pixels a tile shows and no more, a quarter of the
    /// memory, decoding and texture upload of a 256 px thumbnail. The kept picture is the whole
    /// image at that scale (up to `ThumbnailPNG.maxAspect`), with the original's size, so the
    /// viewer can show it in the original's place while the original downloads.
    /// `findsLook`: the picture's look (`LookHash`) comes too; false only for the benchmark's
    /// thumbnails without it.
    public static func thumbnail(
        from data: Data, side: Int = defaultThumbnailSide, maxPixels: Int = defaultMaxPixels, findsLook: Bool = true
    ) throws(LoadError) -> Thumbnail {
        let loaded = try PicturePipeline.picture(PictureBytes(oneOff: data), gate: LoaderSizeGate(maxPixels: maxPixels, fit: thumbnailFit(side)))
        let kept = try middle(of: loaded, maxAspect: ThumbnailPNG.maxAspect)
        // The look of the whole picture, from the pixels decoded for the thumbnail anyway.
        let look = findsLook ? LookHash(pixbuf: loaded.pointer) : nil
        return Thumbnail(image: try tile(of: kept, look: look), kept: kept.pixbuf)
    }

    /// What `thumbnail(from:side:maxPixels:)` is let in with (`DecodeThreads.run`): the most
    /// pixels its picture may have (a panorama's strip), whatever the bytes.
    static func mostPixels(ofThumbnailSide side: Int, maxPixels: Int) -> Int {
        min(maxPixels, thumbnailFit(side).mostPixels)
    }

    private static func thumbnailFit(_ side: Int) -> LoaderSizeGate.Fit {
        .cover(side: max(1, side), maxSide: defaultMaxTextureSide)
    }

    /// A thumbnail file's middle square, for a grid tile, with the look the file keeps.
    static func tile(ofThumbnailPNG loaded: DecodedFrame, look: LookHash?) throws(LoadError) -> ThumbnailImage {
        try tile(of: loaded, look: look)
    }

    /// The middle square, made a texture.
    private static func tile(of loaded: DecodedFrame, look: LookHash?) throws(LoadError) -> ThumbnailImage {
        let image = try makeImage(middle(of: loaded, maxAspect: 1))
        return ThumbnailImage(texture: image.texture, sourceSize: image.sourceSize, look: look)
    }

    /// The middle of the picture, its long side at most `maxAspect` short sides, in a pixbuf of
    /// its own size: a sub-pixbuf, or a copy of one (which keeps the parent's row stride), would
    /// keep the whole decoded width behind the texture.
    static func middle(of loaded: DecodedFrame, maxAspect: Int) throws(LoadError) -> DecodedFrame {
        let source = loaded.pointer
        let width = gdk_pixbuf_get_width(source), height = gdk_pixbuf_get_height(source)
        let keptWidth = min(width, height * gint(maxAspect)), keptHeight = min(height, width * gint(maxAspect))
        guard keptWidth != width || keptHeight != height else { return loaded }
        guard let kept = gdk_pixbuf_new(gdk_pixbuf_get_colorspace(source), gdk_pixbuf_get_has_alpha(source),
                                        gdk_pixbuf_get_bits_per_sample(source), keptWidth, keptHeight) else { throw .outOfMemory }
        gdk_pixbuf_copy_area(source, (width - keptWidth) / 2, (height - keptHeight) / 2, keptWidth, keptHeight, kept, 0, 0)
        return DecodedFrame(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(kept)),
                                    declaredWidth: loaded.declaredWidth, declaredHeight: loaded.declaredHeight)
    }
}
