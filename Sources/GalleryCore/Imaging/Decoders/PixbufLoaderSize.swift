import CGtk

/// One gdk-pixbuf loader's run, as its `size-prepared` signal tells it: the one moment the
/// declared size is known and nothing has been allocated yet. A picture over the gate's pixel
/// limit is marked refused (the caller then stops feeding the loader); a larger one gets a
/// smaller target size (the gate's fit), which JPEG honours at decode time (DCT scaling), so a
/// 24-megapixel photo never exists at full size in memory. Made for each loader, so the gate
/// it reads stays a value nobody changes.
///
/// Lives on the decoding thread only: the loader emits synchronously inside write and close.
final class PixbufLoaderSize {
    let gate: LoaderSizeGate
    /// False for loaders that decode before `size-prepared` (HEIF, AVIF): the picture was
    /// checked against the limit from its header, and is scaled afterwards.
    let loaderScales: Bool
    private(set) var declaredWidth = 0
    private(set) var declaredHeight = 0
    private(set) var sizeKnown = false
    private(set) var refused = false

    init(gate: LoaderSizeGate, loaderScales: Bool) {
        self.gate = gate
        self.loaderScales = loaderScales
    }

    func sizePrepared(loader: UnsafeMutablePointer<GdkPixbufLoader>, width: Int, height: Int) {
        sizeKnown = true
        declaredWidth = width
        declaredHeight = height
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= gate.maxPixels else {
            refused = true
            // Loaders that honour the size (JPEG, SVG) then allocate almost nothing for the
            // little they decode before the caller stops writing.
            gdk_pixbuf_loader_set_size(loader, 1, 1)
            return
        }
        if gate.isCancelled {
            gdk_pixbuf_loader_set_size(loader, 1, 1) // the caller stops feeding and reports it
            return
        }
        if let target = LoaderSizeGate.targetSize(width: width, height: height, fit: gate.fit), loaderScales {
            gdk_pixbuf_loader_set_size(loader, gint(target.width), gint(target.height))
        }
    }
}
