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
    /// All frames of one animation together; above this the still image is shown instead.
    public static let defaultMaxAnimationBytes = 96 * 1024 * 1024

    /// The side of a grid thumbnail at scale 1: cells are at most 120 px wide. 126, not 128:
    /// GTK's GL renderer packs small textures into 512 px atlas pages with a pixel of padding
    /// around each, and 4 × 4 of 126 (128 with the padding) fit in a page where only 3 × 3 of
    /// 128 did. A start with 200 thumbnails on screen allocates, clears and uploads 13 pages
    /// instead of 23: measured, the first frame paints 6–8 ms sooner with software GL.
    public static let defaultThumbnailSide = 126
    /// The largest thumbnail asked for: 256 px cells at scale 3.
    public static let largestThumbnailSide = 1024

    /// The image at full size, or downscaled to fit `maxTextureSide` (GPU texture limits), or,
    /// given `screen`, scaled while decoding to fit that box (the viewer's screen-sized pages:
    /// `DecodedImage.isScreenSized`, full detail comes from `fullDetail`). The box is upright:
    /// EXIF orientation is applied at every size.
    /// An animation (GIF, APNG, WebP, an AVIF sequence, JPEG XL) also brings all its frames
    /// (`DecodedImage.animation`) when they fit in `maxAnimationBytes` at full size; otherwise
    /// only its first frame, as a still. Its frames are decoded at full size (each frame is one
    /// texture); a still is fitted like any picture. Opening the picture first counts its frames
    /// (`animationToAsk`), so it is decoded once, frames and all.
    /// `turn`: as a person turned it too (print), in the same step as the file's own turn.
    public static func original(
        from data: Data, fitting screen: PixelSize? = nil, maxPixels: Int = defaultMaxPixels,
        maxTextureSide: Int = defaultMaxTextureSide, maxAnimationBytes: Int = defaultMaxAnimationBytes, turn: PictureTurn = .none
    ) throws(LoadError) -> DecodedImage {
        // Kept: the frame request after `open` names the picture the worker opened, and its
        // bytes cross once.
        let bytes = PictureBytes(kept: data)
        return try original(from: bytes, fitting: screen, maxPixels: maxPixels, maxTextureSide: maxTextureSide,
                            maxAnimationBytes: maxAnimationBytes, animation: animationToAsk(of: bytes), turn: turn)
    }

    /// The frames a page asks for with its one request: those opening counts (`open`), for a
    /// format that may move (GIF, PNG, WebP, AVIF, JPEG XL; its magic number says, all the app
    /// reads of a picture); nil for any other, which is not opened first, and where the worker
    /// could not say. Blocks on a worker: call it off the main thread.
    static func animationToAsk(of bytes: PictureBytes, cancellation: DecodeCancellation? = nil) -> AnimationExtent? {
        guard ContentSniffer.imageFormat(of: bytes.data.prefix(ContentSniffer.preferredPrefixLength))?.mayAnimate == true else {
            return nil
        }
        return DecoderIsolation.loader().open(bytes, cancellation: cancellation)?.animation
    }

    /// One request of a picture a worker may keep open for the requests after it (a zoom, an
    /// animation's later spans): with `animation` (as opening counted it) that plays within
    /// `maxAnimationBytes`, its frames too — all, or the first span (`AnimationExtent.spanBytes`).
    static func original(
        from bytes: PictureBytes, fitting screen: PixelSize? = nil, maxPixels: Int = defaultMaxPixels,
        maxTextureSide: Int = defaultMaxTextureSide, maxAnimationBytes: Int = defaultMaxAnimationBytes,
        animation extent: AnimationExtent?, turn: PictureTurn = .none
    ) throws(LoadError) -> DecodedImage {
        let gate = LoaderSizeGate(maxPixels: maxPixels, fit: originalFit(screen, maxTextureSide))
        let animationBytes = extent?.spanBytes(within: maxAnimationBytes) ?? 0
        let loaded = try PicturePipeline.picture(bytes, gate: gate, animationBytes: animationBytes, turn: turn)
        let still = try makeImage(loaded)
        let isScreenSized = screen != nil && still.wasDownscaled
        guard let extent, animationBytes > 0, let animation = animation(of: loaded, extent: extent, firstFrame: 0, spanBytes: animationBytes)
        else {
            return DecodedImage(texture: still.texture, sourceWidth: still.sourceWidth, sourceHeight: still.sourceHeight,
                                isScreenSized: isScreenSized)
        }
        // The first frame doubles as the still (thumbnail-sized neighbours, copy, zoom geometry).
        return DecodedImage(texture: animation.frames[0].texture, sourceWidth: still.sourceWidth,
                            sourceHeight: still.sourceHeight, animation: animation)
    }

    /// What `original(from:fitting:…)` is let in with (`DecodeThreads.run`): the most pixels
    /// its picture, and the frames of an `animation` that plays, may have.
    static func mostPixels(
        ofOriginal data: Data, fitting screen: PixelSize?, maxPixels: Int, maxTextureSide: Int = defaultMaxTextureSide,
        animation: AnimationExtent?, maxAnimationBytes: Int = defaultMaxAnimationBytes
    ) -> Int {
        SandboxedDecoding.mostPixels(data, fit: originalFit(screen, maxTextureSide), maxPixels: maxPixels, animation: animation,
                                     animationBytes: maxAnimationBytes)
    }

    private static func originalFit(_ screen: PixelSize?, _ maxTextureSide: Int) -> LoaderSizeGate.Fit {
        screen.map { screenFit($0, maxSide: maxTextureSide) } ?? .inside(maxSide: max(1, maxTextureSide))
    }

    /// The fit of a page on `screen` (upright): inside it, the longest side at most `maxSide`.
    static func screenFit(_ screen: PixelSize, maxSide: Int = defaultMaxTextureSide) -> LoaderSizeGate.Fit {
        .within(width: max(1, screen.width), height: max(1, screen.height), maxSide: maxSide)
    }

    /// The image finer than its screen-sized picture, upright, for the one page a person zooms
    /// into: of a baseline JPEG, only `region` (`JPEGRegionDecoding`); of anything else, every
    /// pixel. Kept as pixels, not as one texture: the viewer makes textures of the tiles on
    /// screen only, so neither the GPU limit on a texture's side nor a second copy applies.
    public static func fullDetail(
        from data: Data, covering region: DetailRegion? = nil, maxPixels: Int = defaultMaxPixels
    ) throws(LoadError) -> FullDetailImage {
        try fullDetail(from: PictureBytes(oneOff: data), covering: region, maxPixels: maxPixels)
    }

    /// The same, of a picture a worker may hold open already (the page's: then only the
    /// request crosses to it).
    static func fullDetail(
        from bytes: PictureBytes, covering region: DetailRegion? = nil, maxPixels: Int = defaultMaxPixels
    ) throws(LoadError) -> FullDetailImage {
        let gate = LoaderSizeGate(maxPixels: maxPixels, maxSide: Int(Int32.max))
        return FullDetailImage(try PicturePipeline.detail(bytes, region: region, gate: gate))
    }

    static func makeImage(_ loaded: DecodedFrame) throws(LoadError) -> DecodedImage {
        // A texture of checked pixels fails only for want of memory: never the file's fault.
        guard let texture = gdk_texture_new_for_pixbuf(loaded.pointer) else { throw .outOfMemory }
        let isOpaque = gdk_pixbuf_get_has_alpha(loaded.pointer) == 0
        return DecodedImage(texture: TextureHandle(taking: texture, isOpaque: isOpaque),
                            sourceWidth: loaded.declaredWidth, sourceHeight: loaded.declaredHeight)
    }
}
