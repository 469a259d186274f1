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

        var pointer: OpaquePointer { OpaquePointer(pixbuf.pointer) }
    }

    /// Decodes `data`. The calling thread's `DecodeCancellation.current` (if any) stops it; an
    /// SVG is rendered in a child process (`SVGRenderer`) unless this is that child; a PNG shown
    /// smaller than it is is decoded row by row (`PNGRowScaling`), never whole.
    static func load(
        _ data: Data, gate: LoaderSizeGate, imageType: String? = nil, keepAnimation: Bool = false
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
        if format == .svg, imageType == nil, !SVGRenderer.isRenderingChild {
            return try SVGRenderer.render(data, gate: gate)
        }
        if data.withUnsafeBytes({ TruncationCheck.isTruncated($0, format: format) }) { throw .damaged }
        if format == .png, imageType == nil, let size = header,
           let scaled = try PNGRowScaling.load(data, gate: gate, declared: size) {
            return scaled
        }
        if keepAnimation, format == .gif, let layout = GIFStructure.layout(of: data) {
            gate.extraPixels = AnimationFrames.copiedPixels(layout: layout, maxBytes: ImageDecoder.defaultMaxAnimationBytes)
        }
        guard let loader = makeLoader(imageType: imageType ?? format.pixbufLoaderName) else { throw .damaged }
        defer { g_object_unref(loader) }
        connectSizePrepared(loader, gate: gate)

        let outcome = data.withUnsafeBytes { feed(loader, bytes: $0, gate: gate) }
        // Whatever fails below gives the budget back at once (`Loaded` carries it otherwise).
        var handedOver = false
        defer { if !handedOver { gate.releaseBudget() } }
        if outcome == .cancelled || gate.cancelled { throw .cancelled }
        if gate.refused { throw .tooLarge }
        guard outcome == .complete else { throw failure(for: data, imageType: imageType) }
        // `get_pixbuf` is (transfer none): take our own reference before the loader goes away.
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { throw failure(for: data, imageType: imageType) }
        var animation: ObjectReference?
        if keepAnimation, let animated = gdk_pixbuf_loader_get_animation(loader),
           gdk_pixbuf_animation_is_static_image(animated) == 0 {
            animation = ObjectReference(retaining: UnsafeMutableRawPointer(animated)) // (transfer none)
        }
        handedOver = true
        return Loaded(pixbuf: ObjectReference(retaining: UnsafeMutableRawPointer(pixbuf)),
                      declaredWidth: gate.sizeKnown ? gate.declaredWidth : Int(gdk_pixbuf_get_width(pixbuf)),
                      declaredHeight: gate.sizeKnown ? gate.declaredHeight : Int(gdk_pixbuf_get_height(pixbuf)),
                      animation: animation, budget: gate.takeReservation())
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
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, gint, gint, gpointer?) -> Void = {
            loader, width, height, context in
            guard let loader, let context else { return }
            let gate = Unmanaged<LoaderSizeGate>.fromOpaque(context).takeUnretainedValue()
            gate.sizePrepared(loader: loader.assumingMemoryBound(to: GdkPixbufLoader.self),
                              width: Int(width), height: Int(height))
        }
        let context = Unmanaged.passRetained(gate).toOpaque()
        g_signal_connect_data(
            loader, "size-prepared", unsafeBitCast(trampoline, to: GCallback.self), context,
            { context, _ in if let context { Unmanaged<LoaderSizeGate>.fromOpaque(context).release() } },
            GConnectFlags(rawValue: 0)
        )
    }

    /// Failed decodes of things that are not images at all (HTML error pages) are `.notAnImage`;
    /// things that look like images but do not decode are `.damaged`.
    private static func failure(for data: Data, imageType: String?) -> ImageLoadError {
        if imageType != nil { return .damaged }
        return ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength)) == nil
            ? .notAnImage : .damaged
    }
}
