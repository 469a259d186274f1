import CGtk
import Foundation
import GObjectSupport

/// Feeds bytes through one `GdkPixbufLoader` under a `LoaderSizeGate` and returns the pixbuf.
///
/// Every call makes its own loader, so decoding is safe on any thread. The signal handler is a
/// plain C trampoline (not the `@MainActor` `Signal` helpers) because this runs on workers.
enum PixbufLoading {
    /// Bytes fed per write until the size is known, so a refusal in `size-prepared` stops the
    /// loader after little more than the header. (PNG, BMP, TIFF and WebP loaders allocate and
    /// clear the full pixbuf inside the write that parses the header; `ImageHeaderSize` refuses
    /// those before the loader starts. This bounds the rest: JPEG, SVG, other formats.)
    static let headerChunkSize = 4096

    /// Bytes fed per write once the size is known: small enough that a cancelled decode stops
    /// within a few milliseconds, large enough that the writes cost nothing.
    static let bodyChunkSize = 256 * 1024

    /// A loaded pixbuf (one owned reference) and the size its file declared.
    struct Loaded {
        let pixbuf: ObjectReference
        let declaredWidth: Int
        let declaredHeight: Int
        /// The loader's `GdkPixbufAnimation` (one owned reference), when asked for and animated.
        var animation: ObjectReference? = nil
        /// This decode's share of the `DecodeBudget`, given back when the last copy of this
        /// value (and so its pixbuf) goes away, or on `release()`.
        var budget: DecodeBudget.Reservation? = nil
        /// The embedded ICC profile the pixbuf was converted from, for the animation's frames.
        var colorProfile: [UInt8]? = nil
        /// An animation's frames as a sandboxed decoder sent them (converted already), instead
        /// of `animation`.
        var framePixels: [AnimationFrames.FramePixels]? = nil
        var loopCount = 0

        var pointer: OpaquePointer { OpaquePointer(pixbuf.pointer) }
    }

    /// Decodes `data` in this process: a worker's, or the app's own thumbnail files (pictures
    /// from outside reach it through `PicturePipeline`, which sends them to a worker). The
    /// calling thread's `DecodeCancellation.current` (if any) stops it; a PNG shown smaller than
    /// it is is decoded row by row (`PNGRowScaling`), never whole.
    /// The pixels come out in sRGB: a picture with an embedded ICC profile is converted
    /// (`ColorProfileConversion`). `imageType` names our own files (cached thumbnails), which
    /// are decoded as they are.
    static func load(
        _ data: Data, gate: LoaderSizeGate, imageType: String? = nil, keepAnimation: Bool = false
    ) throws(ImageLoadError) -> Loaded {
        guard imageType == nil else { return try decode(data, gate: gate, imageType: imageType, keepAnimation: false) }
        let format = ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength))
        // A favicon whose largest picture is a PNG is that PNG (gdk-pixbuf's ICO loader refuses it).
        if format == .ico, let png = ICOEntries.largestPNG(in: data) {
            return try load(png, gate: gate, keepAnimation: keepAnimation)
        }
        let profile = format.flatMap { EmbeddedColorProfile.of(data, format: $0) }
        if format == .jpeg, let profile, let converted = try CMYKJPEGDecoding.load(data, profile: profile, gate: gate) {
            return converted
        }
        var loaded = try decode(data, gate: gate, imageType: nil, keepAnimation: keepAnimation)
        if let profile, ColorProfileConversion.convert(loaded.pointer, from: profile) { loaded.colorProfile = profile }
        return loaded
    }

    private static func decode(
        _ data: Data, gate: LoaderSizeGate, imageType: String?, keepAnimation: Bool
    ) throws(ImageLoadError) -> Loaded {
        guard !data.isEmpty else { throw .damaged }
        let header = ImageHeaderSize.declaredSize(of: data)
        if let size = header {
            let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            if overflow || pixels > gate.maxPixels { throw .tooLarge }
            gate.headerPixels = pixels
        }
        // Only bytes we recognise reach a loader, and only the loader for their format: left to
        // guess, gdk-pixbuf takes a few stray bytes for TGA or a malformed BMP and allocates
        // gigabytes before `size-prepared` can refuse (found by fuzzing; see Fuzz/findings).
        guard let format = ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength)) else {
            throw imageType == nil ? .notAnImage : .damaged
        }
        gate.format = imageType == nil ? format : nil
        if data.withUnsafeBytes({ TruncationCheck.isTruncated($0, format: format) }) { throw .damaged }
        if format == .avif, imageType == nil, AVIFSequenceDecoding.isSequence(data) {
            return try AVIFSequenceDecoding.firstFrame(data, gate: gate) // no loader reads sequences
        }
        if format == .png, imageType == nil, let size = header,
           let scaled = try PNGRowScaling.load(data, gate: gate, declared: size) {
            return scaled
        }
        if keepAnimation, format == .gif, let layout = GIFStructure.layout(of: data) {
            gate.extraPixels = AnimationFrames.copiedPixels(layout: layout, maxBytes: ImageDecoder.defaultMaxAnimationBytes)
        }
        let loaderNames = imageType.map { [$0] } ?? PixbufLoaderRegistry.loaders(for: format)
        guard !loaderNames.isEmpty else { throw .unsupportedFormat(format) }
        // Whatever fails below gives the budget back at once (`Loaded` carries it otherwise).
        var handedOver = false
        defer { if !handedOver { gate.releaseBudget() } }
        if format.decodesBeforeSizePrepared, imageType == nil {
            try reserveBeforeLoading(header, gate: gate)
        }
        for loaderName in loaderNames {
            guard let loader = makeLoader(imageType: loaderName) else { continue }
            defer { g_object_unref(loader) }
            connectSizePrepared(loader, gate: gate)
            let outcome = data.withUnsafeBytes { feed(loader, bytes: $0, gate: gate) }
            if outcome == .cancelled || gate.cancelled { throw .cancelled }
            if gate.refused { throw .tooLarge }
            // One loader's refusal is not the picture's: the next loader of the format may read
            // it (see `PixbufLoaderRegistry`). `get_pixbuf` is (transfer none).
            guard outcome == .complete, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { continue }
            var animation: ObjectReference?
            if keepAnimation, let animated = gdk_pixbuf_loader_get_animation(loader),
               gdk_pixbuf_animation_is_static_image(animated) == 0 {
                animation = ObjectReference(retaining: UnsafeMutableRawPointer(animated)) // (transfer none)
            }
            handedOver = true
            if !gate.loaderScales, let scaled = scaledToFit(pixbuf, gate: gate) {
                return Loaded(pixbuf: scaled, declaredWidth: gate.declaredWidth, declaredHeight: gate.declaredHeight,
                              budget: gate.takeReservation())
            }
            return Loaded(pixbuf: ObjectReference(retaining: UnsafeMutableRawPointer(pixbuf)),
                          declaredWidth: gate.sizeKnown ? gate.declaredWidth : Int(gdk_pixbuf_get_width(pixbuf)),
                          declaredHeight: gate.sizeKnown ? gate.declaredHeight : Int(gdk_pixbuf_get_height(pixbuf)),
                          animation: animation, budget: gate.takeReservation())
        }
        throw failure(for: data, imageType: imageType)
    }

    /// For a loader that decodes the whole picture before it reports the size (HEIF, AVIF):
    /// the pixel limit and the budget are applied from the header here, before a byte reaches
    /// it, and the loader is left at full size, scaled afterwards with a smooth filter (it would
    /// scale by nearest neighbour).
    private static func reserveBeforeLoading(_ header: (width: Int, height: Int)?, gate: LoaderSizeGate) throws(ImageLoadError) {
        guard let size = header else { throw .damaged } // no `ispe`: not a valid HEIF picture
        gate.loaderScales = false
        let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit)
        guard gate.reserve(pixels: gate.allocatedPixels(width: size.width, height: size.height, target: target)) else {
            throw .cancelled
        }
    }

    /// `pixbuf` scaled to the gate's fit, or nil when it already fits.
    private static func scaledToFit(_ pixbuf: OpaquePointer, gate: LoaderSizeGate) -> ObjectReference? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        guard let target = LoaderSizeGate.targetSize(width: width, height: height, fit: gate.fit),
              let scaled = gdk_pixbuf_scale_simple(pixbuf, gint(target.width), gint(target.height), GDK_INTERP_BILINEAR)
        else { return nil }
        return ObjectReference(taking: UnsafeMutableRawPointer(scaled))
    }

    private enum FeedOutcome { case complete, failed, refused, cancelled }

    private static func feed(
        _ loader: UnsafeMutablePointer<GdkPixbufLoader>, bytes: UnsafeRawBufferPointer, gate: LoaderSizeGate
    ) -> FeedOutcome {
        let base = bytes.bindMemory(to: guchar.self).baseAddress!
        var offset = 0
        while offset < bytes.count {
            let length = min(gate.sizeKnown ? bodyChunkSize : headerChunkSize, bytes.count - offset)
            var error: UnsafeMutablePointer<GError>?
            let written = gdk_pixbuf_loader_write(loader, base + offset, gsize(length), &error)
            if let error { g_error_free(error) }
            // A failed write closes the loader itself; closing again would be a GLib critical.
            guard written != 0 else { return gate.cancelled ? .cancelled : gate.refused ? .refused : .failed }
            offset += length
            if gate.refused || gate.cancelled || gate.cancellation?.isCancelled == true {
                close(loader) // the data stops here, so this reports an error we do not need
                return gate.refused ? .refused : .cancelled
            }
        }
        // Truncated files surface here: a close error means the image is incomplete or corrupt,
        // even when the loader could show a partial picture.
        return close(loader) ? (gate.refused ? .refused : .complete) : (gate.refused ? .refused : .failed)
    }

    @discardableResult
    private static func close(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &error)
        if let error { g_error_free(error) }
        return closed != 0
    }

    private static func makeLoader(imageType: String) -> UnsafeMutablePointer<GdkPixbufLoader>? {
        var error: UnsafeMutablePointer<GError>?
        let loader = gdk_pixbuf_loader_new_with_type(imageType, &error)
        if let error { g_error_free(error) }
        return loader
    }

    /// `size-prepared`: `void (GdkPixbufLoader *, gint width, gint height, gpointer)`.
    private static func connectSizePrepared(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, gate: LoaderSizeGate) {
        Signal.connect(loader, .sizePrepared) { loader, width, height in
            guard let loader else { return }
            gate.sizePrepared(loader: loader.assumingMemoryBound(to: GdkPixbufLoader.self), width: Int(width), height: Int(height))
        }
    }

    /// Failed decodes of things that are not images at all (HTML error pages) are `.notAnImage`;
    /// things that look like images but do not decode are `.damaged`.
    private static func failure(for data: Data, imageType: String?) -> ImageLoadError {
        if imageType != nil { return .damaged }
        return ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength)) == nil
            ? .notAnImage : .damaged
    }
}
