import CGtk

/// Decides, in a `GdkPixbufLoader`'s `size-prepared` signal, how big the decoded image may be.
///
/// `size-prepared` is the one moment the declared size is known and nothing has been allocated
/// yet. Images over `maxPixels` are marked refused (the caller then stops feeding the loader);
/// larger images get a smaller target size (`Fit`), which JPEG honours at decode time (DCT
/// scaling) so a 24-megapixel photo never exists at full size in memory.
///
/// Lives on the decoding thread only: the loader emits synchronously inside write/close.
final class LoaderSizeGate {
    enum Fit {
        /// The longest side at most this: originals within texture limits.
        case inside(maxSide: Int)
        /// The shortest side at most this, the longest at most `maxSide`: thumbnails that are
        /// cropped to a square afterwards, so they fill a square tile without upscaling.
        case cover(side: Int, maxSide: Int)
        /// Inside `width` × `height` and the longest side at most `maxSide`: the viewer's
        /// screen-sized originals (`ScreenFit`).
        case within(width: Int, height: Int, maxSide: Int)
    }

    let maxPixels: Int
    let fit: Fit
    private(set) var declaredWidth = 0
    private(set) var declaredHeight = 0
    private(set) var sizeKnown = false
    private(set) var refused = false

    init(maxPixels: Int, maxSide: Int) {
        self.maxPixels = maxPixels
        fit = .inside(maxSide: max(1, maxSide))
    }

    init(maxPixels: Int, fit: Fit) {
        self.maxPixels = maxPixels
        self.fit = fit
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
        if let target = Self.targetSize(width: width, height: height, fit: fit) {
            gdk_pixbuf_loader_set_size(loader, gint(target.width), gint(target.height))
        }
    }

    /// The size `fit` asks for, keeping the aspect ratio; `nil` when the image already fits
    /// (never upscale).
    static func targetSize(width: Int, height: Int, fit: Fit) -> (width: Int, height: Int)? {
        let longest = max(width, height), shortest = min(width, height)
        let scale: Double
        switch fit {
        case .inside(let maxSide):
            scale = Double(maxSide) / Double(longest)
        case .cover(let side, let maxSide):
            scale = min(Double(side) / Double(shortest), Double(maxSide) / Double(longest))
        case .within(let boxWidth, let boxHeight, let maxSide):
            scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height),
                        Double(maxSide) / Double(longest))
        }
        guard scale < 1 else { return nil }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
