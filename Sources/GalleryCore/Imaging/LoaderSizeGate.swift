import CGtk

/// Decides, in a `GdkPixbufLoader`'s `size-prepared` signal, how big the decoded image may be.
///
/// `size-prepared` is the one moment the declared size is known and nothing has been allocated
/// yet. Images over `maxPixels` are marked refused (the caller then stops feeding the loader);
/// images with a side over `maxSide` get a smaller target size, which JPEG honours at decode
/// time (DCT scaling) so a 24-megapixel photo never exists at full size in memory.
///
/// Lives on the decoding thread only: the loader emits synchronously inside write/close.
final class LoaderSizeGate {
    let maxPixels: Int
    let maxSide: Int
    private(set) var declaredWidth = 0
    private(set) var declaredHeight = 0
    private(set) var sizeKnown = false
    private(set) var refused = false

    init(maxPixels: Int, maxSide: Int) {
        self.maxPixels = maxPixels
        self.maxSide = max(1, maxSide)
    }

    func sizePrepared(loader: UnsafeMutablePointer<GdkPixbufLoader>, width: Int, height: Int) {
        sizeKnown = true
        declaredWidth = width
        declaredHeight = height
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= maxPixels else {
            refused = true
            // Loaders that honour the size (JPEG, SVG) then allocate almost nothing for the
            // little they decode before the caller stops writing.
            gdk_pixbuf_loader_set_size(loader, 1, 1)
            return
        }
        if let target = Self.fittedSize(width: width, height: height, maxSide: maxSide) {
            gdk_pixbuf_loader_set_size(loader, gint(target.width), gint(target.height))
        }
    }

    /// The size with the longest side at most `maxSide`, keeping the aspect ratio; `nil` when
    /// the image already fits (never upscale).
    static func fittedSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int)? {
        let longest = max(width, height)
        guard longest > maxSide else { return nil }
        let scale = Double(maxSide) / Double(longest)
        let fittedWidth = min(maxSide, max(1, Int((Double(width) * scale).rounded())))
        let fittedHeight = min(maxSide, max(1, Int((Double(height) * scale).rounded())))
        return (fittedWidth, fittedHeight)
    }
}
