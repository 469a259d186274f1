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

    /// The image at full size, or downscaled to fit `maxTextureSide` (GPU texture limits), or,
    /// given `screen`, scaled while decoding to fit that box (the viewer's screen-sized pages:
    /// `DecodedImage.isScreenSized`, full detail comes from `fullDetail`). The box is upright:
    /// EXIF orientation is applied at every size.
    /// An animated GIF also brings all its frames (`DecodedImage.animation`) when they fit in
    /// `maxAnimationBytes` at full size; otherwise only its first frame, as a still. Its frames
    /// are always decoded at full size (they are small, and each frame is one texture).
    public static func original(
        from data: Data, fitting screen: PixelSize? = nil, maxPixels: Int = defaultMaxPixels,
        maxTextureSide: Int = defaultMaxTextureSide, maxAnimationBytes: Int = defaultMaxAnimationBytes
    ) throws(ImageLoadError) -> DecodedImage {
        let summary = GIFStructure.summary(of: data).flatMap { $0.frameCount > 1 ? $0 : nil }
        guard summary == nil, let screen else {
            return try fullSize(from: data, summary: summary, maxPixels: maxPixels, maxTextureSide: maxTextureSide,
                                maxAnimationBytes: maxAnimationBytes)
        }
        let oriented = orient(try loadForScreen(data, screen: screen, maxPixels: maxPixels, maxTextureSide: maxTextureSide))
        let image = try makeImage(oriented)
        return DecodedImage(texture: image.texture, sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight,
                            isScreenSized: image.wasDownscaled)
    }

    /// The pixels as stored, scaled to fit `screen` once turned upright (not turned yet).
    static func loadForScreen(
        _ data: Data, screen: PixelSize, maxPixels: Int, maxTextureSide: Int = defaultMaxTextureSide
    ) throws(ImageLoadError) -> PixbufLoading.Loaded {
        // The loader scales the pixels as stored: a photo stored sideways gets the box turned.
        let sideways = data.withUnsafeBytes { ExifOrientation.of($0) }.map { (5...8).contains($0) } ?? false
        let box = ScreenFit.storedBox(screen, orientationSwapsSides: sideways)
        return try PixbufLoading.load(data, gate: screenGate(box, maxPixels, maxTextureSide))
    }

    private static func screenGate(_ box: PixelSize, _ maxPixels: Int, _ maxTextureSide: Int) -> LoaderSizeGate {
        LoaderSizeGate(maxPixels: maxPixels, fit: .within(width: max(1, box.width), height: max(1, box.height),
                                                          maxSide: maxTextureSide))
    }

    private static func fullSize(
        from data: Data, summary: GIFStructure.Summary?, maxPixels: Int, maxTextureSide: Int, maxAnimationBytes: Int
    ) throws(ImageLoadError) -> DecodedImage {
        let loaded = try PixbufLoading.load(data, gate: LoaderSizeGate(maxPixels: maxPixels, maxSide: maxTextureSide),
                                            keepAnimation: summary != nil)
        let still = try makeImage(orient(loaded))
        guard let summary, still.texture.pixelWidth == loaded.declaredWidth,
              still.texture.pixelHeight == loaded.declaredHeight else { return still }
        let frames: DecodedAnimation?
        if let sent = loaded.framePixels { // from a sandboxed decoder, converted already
            let bytes = sent.count * loaded.declaredWidth * loaded.declaredHeight * 4
            frames = bytes <= maxAnimationBytes
                ? AnimationFrames.textures(of: sent, loopCount: loaded.loopCount, colorProfile: nil) : nil
        } else if let animation = loaded.animation {
            frames = AnimationFrames.extract(from: OpaquePointer(animation.pointer), summary: summary,
                                             maxBytes: maxAnimationBytes, colorProfile: loaded.colorProfile)
        } else {
            frames = nil
        }
        guard let frames else { return still }
        // The first frame doubles as the still (thumbnail-sized neighbours, copy, zoom geometry).
        return DecodedImage(texture: frames.frames[0].texture, sourceWidth: still.sourceWidth,
                            sourceHeight: still.sourceHeight, animation: frames)
    }

    /// The image finer than its screen-sized picture, upright, for the one page a person zooms
    /// into: of a baseline JPEG, only `region` (`JPEGRegionDecoding`); of anything else, every
    /// pixel. Kept as pixels, not as one texture: the viewer makes textures of the tiles on
    /// screen only, so neither the GPU limit on a texture's side nor a second copy applies.
    public static func fullDetail(
        from data: Data, covering region: DetailRegion? = nil, maxPixels: Int = defaultMaxPixels
    ) throws(ImageLoadError) -> FullDetailImage {
        let gate = LoaderSizeGate(maxPixels: maxPixels, maxSide: Int(Int32.max))
        if let region, let detail = try JPEGRegionDecoding.decode(data, region: region, gate: gate) { return detail }
        return FullDetailImage(pixbuf: try orient(PixbufLoading.load(data, gate: gate)).pixbuf)
    }

    /// Applies the EXIF orientation tag. Orientations 5–8 turn the image by 90°, so the declared
    /// size is swapped too, keeping `DecodedImage.wasDownscaled` truthful.
    static func orient(_ loaded: PixbufLoading.Loaded) -> PixbufLoading.Loaded {
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

    static func makeImage(_ loaded: PixbufLoading.Loaded) throws(ImageLoadError) -> DecodedImage {
        guard let texture = gdk_texture_new_for_pixbuf(loaded.pointer) else { throw .damaged }
        let isOpaque = gdk_pixbuf_get_has_alpha(loaded.pointer) == 0
        return DecodedImage(texture: TextureHandle(taking: texture, isOpaque: isOpaque),
                            sourceWidth: loaded.declaredWidth, sourceHeight: loaded.declaredHeight)
    }
}
