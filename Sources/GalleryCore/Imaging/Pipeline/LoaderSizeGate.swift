import CGtk

/// Decides, in a `GdkPixbufLoader`'s `size-prepared` signal, how big the decoded image may be.
///
/// `size-prepared` is the one moment the declared size is known and nothing has been allocated
/// yet. Images over `maxPixels` are marked refused (the caller then stops feeding the loader);
/// larger images get a smaller target size (`Fit`), which JPEG honours at decode time (DCT
/// scaling) so a 24-megapixel photo never exists at full size in memory.
///
/// It also holds a decode's share of the pixels the process holds (`DecodeThreads.pixels`),
/// taken in one place per decode: in the app, by a sandboxed reply's header, out of what the
/// decode was let in with (`DecodeAdmission`, `SandboxedDecoding`); where pictures are decoded
/// in the app's own process (isolation off, the benchmark's in-process runs), by the
/// pipeline's first step from the picture's facts (`PicturePipeline.frame`). A worker counts
/// nothing: its memory is bounded by its address-space limit, and the app counts its reply.
/// The share is given back (`releaseBudget()`) once the pixels are freed or handed over as
/// textures.
///
/// Lives on the decoding thread only: the loader emits synchronously inside write/close.
final class LoaderSizeGate {
    enum Fit: Equatable {
        /// The longest side at most this: originals within texture limits.
        case inside(maxSide: Int)
        /// The shortest side at most this, the longest at most `maxSide`: thumbnails that are
        /// cropped to a square afterwards, so they fill a square tile without upscaling.
        case cover(side: Int, maxSide: Int)
        /// Inside `width` × `height` and the longest side at most `maxSide`: the viewer's
        /// screen-sized originals (`ScreenFit`).
        case within(width: Int, height: Int, maxSide: Int)

        /// The longest side this fit allows.
        var maxSide: Int {
            switch self {
            case .inside(let maxSide), .cover(_, let maxSide), .within(_, _, let maxSide): maxSide
            }
        }

        /// The most pixels a picture decoded to this fit can have, whatever its size: what a
        /// worker's reply is held to before its size is known.
        var mostPixels: Int {
            switch self {
            case .inside(let maxSide): maxSide * maxSide
            case .cover(let side, let maxSide): min(side, maxSide) * maxSide
            case .within(let width, let height, let maxSide): min(width, maxSide) * min(height, maxSide)
            }
        }
    }

    let maxPixels: Int
    let fit: Fit
    private(set) var declaredWidth = 0
    private(set) var declaredHeight = 0
    private(set) var sizeKnown = false
    private(set) var refused = false

    /// False where nothing is counted (tests of one decoder on its own).
    let countsPixels: Bool
    let cancellation: DecodeCancellation?
    /// Set by the caller before the loader starts.
    var format: ImageFormat?
    /// Pixels the header says the decode touches beyond what `size-prepared` reports (a GIF's
    /// frames outside a small canvas).
    var headerPixels = 0
    /// Pixels the caller will allocate after the loader (copies of animation frames).
    var extraPixels = 0
    /// False for loaders that decode before `size-prepared` (`ImageFormat.decodesBeforeSizePrepared`):
    /// the caller took the budget from the header and scales the result itself.
    var loaderScales = true
    private var reservation: PriorityGate.Pass?

    /// `cancellation` nil: the calling thread's `DecodeCancellation.current`.
    convenience init(maxPixels: Int, maxSide: Int, countsPixels: Bool = true, cancellation: DecodeCancellation? = nil) {
        self.init(maxPixels: maxPixels, fit: .inside(maxSide: max(1, maxSide)), countsPixels: countsPixels,
                  cancellation: cancellation)
    }

    init(maxPixels: Int, fit: Fit, countsPixels: Bool = true, cancellation: DecodeCancellation? = nil) {
        self.maxPixels = maxPixels
        self.fit = fit
        self.countsPixels = countsPixels
        self.cancellation = cancellation ?? DecodeCancellation.current
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
        if isCancelled {
            gdk_pixbuf_loader_set_size(loader, 1, 1) // the caller stops feeding and reports it
            return
        }
        if let target = Self.targetSize(width: width, height: height, fit: fit), loaderScales {
            gdk_pixbuf_loader_set_size(loader, gint(target.width), gint(target.height))
        }
    }

    /// Nobody wants the decode anymore: decoders stop at their next check and report `.cancelled`.
    var isCancelled: Bool { cancellation?.isCancelled == true }

    /// Takes `pixels` of `DecodeThreads.pixels`, once per decode (later calls hold what the first
    /// took); false when the decode was cancelled. A decode let in by `DecodeThreads.run`
    /// brought them (its reply is within the bound it was let in with, and gives the rest back);
    /// one in this process that needs more than that, or came without them (tests and tools on
    /// their own threads), waits for them here.
    func reserve(pixels: Int) -> Bool {
        guard cancellation?.isCancelled != true else { return false }
        guard countsPixels, reservation == nil else { return true }
        if let admitted = DecodeAdmission.current?.takePixels() {
            if admitted.amount >= pixels {
                admitted.shrink(to: pixels)
                reservation = admitted
                return true
            }
            admitted.release()
        }
        reservation = DecodeThreads.pixels.waitForPass(cost: pixels, priority: cancellation?.priority ?? SharedPriority(.visible))
        return cancellation?.isCancelled != true
    }

    /// Gives the budget back: the decode failed, its pixels are gone.
    func releaseBudget() {
        reservation?.release()
        reservation = nil
    }

    /// The reservation, for the decoded result to carry until its pixels are freed.
    func takeReservation() -> PriorityGate.Pass? {
        defer { reservation = nil }
        return reservation
    }

    /// What the decoder allocates: JPEG decodes straight at a power-of-two fraction of its size
    /// (libjpeg's DCT scaling, the smallest that still covers the target), PNG scales row by
    /// row, and SVG renders at the target; the other decoders decode at full size and scale a
    /// copy afterwards.
    func allocatedPixels(width: Int, height: Int, target: (width: Int, height: Int)?) -> Int {
        let full = max(width * height, headerPixels)
        guard let target else { return full + extraPixels }
        let scaled = target.width * target.height
        switch format {
        case .svg:
            return scaled + extraPixels
        case .png:
            // Scaled row by row (`PNGRowScaling`): the target, and a source row and its sums.
            return scaled + 2 * width + 8 * target.width + extraPixels
        case .heif, .avif:
            // libheif holds the decoded planes beside the RGBA picture it hands over.
            return 2 * full + scaled + extraPixels
        case .jpeg:
            var denominator = 1
            while denominator < 8, width / (denominator * 2) >= target.width, height / (denominator * 2) >= target.height {
                denominator *= 2
            }
            return full / (denominator * denominator) + scaled + extraPixels
        default:
            return full + scaled + extraPixels
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
