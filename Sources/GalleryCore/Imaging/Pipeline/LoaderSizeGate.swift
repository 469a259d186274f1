import CGtk

/// The limits of one decode — the pixel limit and the fit the picture is scaled into — and,
/// in the app, its share of the pixels the process holds. The limits are fixed when it is
/// made; only the share changes hands.
///
/// The share of `DecodeThreads.pixels` is taken in one place per decode, and only in the app:
/// by a sandboxed reply's header, out of what the decode was let in with (`DecodeAdmission`,
/// `SandboxedPictureLoader`); where pictures are decoded in the app's own process (isolation
/// off, the benchmark's in-process runs), by the pipeline's first step from the picture's
/// facts (`PicturePipeline.frame`). A worker counts nothing (`countsPixels` false): its memory
/// is bounded by its address-space limit, and the app counts its reply. The share is given
/// back (`releaseBudget()`) once the pixels are freed or handed over as textures. What a
/// gdk-pixbuf loader learns of the size as it runs is that run's (`PixbufLoaderSize`).
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
    /// False where nothing is counted (a worker; tests of one decoder on its own).
    let countsPixels: Bool
    let cancellation: DecodeCancellation?
    /// The app's share of the pixels, while this decode holds it.
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
