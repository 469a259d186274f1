/// Image formats recognised by their leading bytes. Whether this machine can decode one is a
/// separate question (`DecoderRegistry`; gdk-pixbuf loaders are plug-ins, `PixbufLoaderRegistry`);
/// a recognised format without a decoder is "unsupported", not "damaged".
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp, bmp, ico, tiff, svg, avif, heif, jxl
    /// Camera RAW files in makers' own containers, which are not TIFFs (the TIFF-based ones,
    /// DNG, CR2, NEF, ARW, PEF…, sniff as `.tiff` and LibRaw claims them there): Canon's CR3
    /// (ISO media) and CRW (CIFF), Fujifilm's RAF, Olympus's ORF and Panasonic's RW2 (TIFF
    /// structures under a magic number of their own), Minolta's MRW, Sigma's X3F.
    case cr3, crw, raf, orf, rw2, mrw, x3f

    /// True for a camera maker's RAW container, all read by LibRaw (`RAWDecoding`); not a
    /// TIFF-based RAW, which is `.tiff` by its bytes.
    public var isCameraRAWContainer: Bool {
        switch self {
        case .cr3, .crw, .raf, .orf, .rw2, .mrw, .x3f: true
        default: false
        }
    }

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
        // shared-mime-info's names
        case .cr3: "image/x-canon-cr3"
        case .crw: "image/x-canon-crw"
        case .raf: "image/x-fuji-raf"
        case .orf: "image/x-olympus-orf"
        case .rw2: "image/x-panasonic-rw2"
        case .mrw: "image/x-minolta-mrw"
        case .x3f: "image/x-sigma-x3f"
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
        case .cr3: "Canon CR3"
        case .crw: "Canon CRW"
        case .raf: "Fujifilm RAF"
        case .orf: "Olympus ORF"
        case .rw2: "Panasonic RW2"
        case .mrw: "Minolta MRW"
        case .x3f: "Sigma X3F"
        }
    }
}
