/// Image formats recognised by their leading bytes. Whether this machine can decode one is a
/// separate question (`DecoderRegistry`; gdk-pixbuf loaders are plug-ins, `PixbufLoaderRegistry`);
/// a recognised format without a decoder is "unsupported", not "damaged".
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp, bmp, ico, tiff, svg, avif, heif, jxl

    /// The MIME type gdk-pixbuf's loaders declare for this format: the loader is found by it,
    /// since loader names differ between builds (Debian's libheif loader is "heif/avif"); and
    /// the type a file of it is offered as on the clipboard and in a drag.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .bmp: "image/bmp"
        case .ico: "image/x-icon"
        case .tiff: "image/tiff"
        case .svg: "image/svg+xml"
        case .avif: "image/avif"
        case .heif: "image/heif"
        case .jxl: "image/jxl"
        }
    }

    /// The format of a turned copy of a picture in this format (`TurnedCopy`): a JPEG stays a
    /// JPEG (retagged, or written again), a TIFF a TIFF; gdk-pixbuf writes no other, so the
    /// rest become PNG.
    public var turnedCopyFormat: ImageFormat { self == .jpeg || self == .tiff ? self : .png }

    /// True for formats that may hold an animation the viewer plays: only for these are a
    /// page's frames asked for (read from the magic number alone, in the app).
    var mayAnimate: Bool { [.gif, .png, .webp, .avif, .jxl].contains(self) }

    /// True for formats whose gdk-pixbuf loader decodes the whole picture before it emits
    /// `size-prepared` (libheif's, for HEIF and AVIF): their size is checked from the header.
    var decodesBeforeSizePrepared: Bool { self == .heif || self == .avif }

    /// The name people know the format by, for "Unsupported format (HEIF)".
    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .bmp: "BMP"
        case .ico: "ICO"
        case .tiff: "TIFF"
        case .svg: "SVG"
        case .avif: "AVIF"
        case .heif: "HEIF"
        case .jxl: "JPEG XL"
        }
    }
}
