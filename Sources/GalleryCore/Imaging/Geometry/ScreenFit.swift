/// The viewer's size decisions, as pure arithmetic (unit-tested): how many pixels an original is
/// decoded at to be shown at best fit, and when a zoom needs more than that.
///
/// A camera photo has 5–20 times the pixels of a screen. Decoding it at the size it is shown
/// (JPEG scales while decoding) makes a page turn and its memory those of a screenful; the full
/// resolution is decoded only for the page a person zooms into.
public enum ScreenFit {
    /// The device-pixel box a page fills at best fit in a viewport of `width` × `height` logical
    /// pixels on a screen of `deviceScale`.
    public static func box(width: Double, height: Double, deviceScale: Double) -> PixelSize {
        let scale = max(deviceScale, 1)
        return PixelSize(width: max(1, Int((width * scale).rounded(.up))),
                         height: max(1, Int((height * scale).rounded(.up))))
    }

    /// `source` scaled to fit inside `box`, keeping its aspect ratio; never enlarged.
    public static func fitted(_ source: PixelSize, in box: PixelSize) -> PixelSize {
        guard source.width > 0, source.height > 0 else { return source }
        let scale = min(Double(box.width) / Double(source.width), Double(box.height) / Double(source.height))
        guard scale < 1 else { return source }
        return PixelSize(width: max(1, Int((Double(source.width) * scale).rounded())),
                         height: max(1, Int((Double(source.height) * scale).rounded())))
    }

    /// The box to hand the decoder, which works on the pixels as stored: an EXIF orientation that
    /// turns the picture by 90° (5–8) turns the box too, so the upright result fits `box`.
    public static func storedBox(_ box: PixelSize, orientationSwapsSides: Bool) -> PixelSize {
        orientationSwapsSides ? box.swapped : box
    }

    /// True when a texture `textureWidth` pixels wide, standing for an image `sourceWidth` wide,
    /// is coarser than the screen at `devicePixelsPerSourcePixel` (zoom scale × display scale):
    /// the zoom went past the screen-sized version and the page needs its full detail. Half a
    /// percent of slack absorbs the rounding of the decoded size.
    public static func needsFullDetail(textureWidth: Int, sourceWidth: Int, devicePixelsPerSourcePixel: Double) -> Bool {
        guard textureWidth < sourceWidth, sourceWidth > 0 else { return false }
        let textureScale = Double(textureWidth) / Double(sourceWidth)
        return devicePixelsPerSourcePixel > textureScale * 1.005
    }
}
