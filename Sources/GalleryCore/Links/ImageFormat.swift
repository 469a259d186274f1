/// Image formats recognised by their leading bytes. Whether this machine can decode one is a
/// separate question (gdk-pixbuf loaders are plug-ins; AVIF/HEIF usually have none).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp, bmp, ico, tiff, svg, avif, heif

    /// The gdk-pixbuf loader for this format (`gdk_pixbuf_loader_new_with_type`).
    var pixbufLoaderName: String { rawValue }
}
