import CGtk
import Foundation
import GObjectSupport

/// The decoder of last resort of every format (`DecoderRegistry`): feeds the bytes through
/// gdk-pixbuf's loaders for the format, one after another until one reads them, each under the
/// `LoaderSizeGate`, and returns the pixbuf as stored.
///
/// Every call makes its own loaders, so decoding is safe on any thread; the gate's
/// `size-prepared` handler runs on the decoding thread, inside the loader's write.
enum PixbufLoading: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "gdk-pixbuf"

    /// Bytes fed per write until the size is known, so a refusal in `size-prepared` stops the
    /// loader after little more than the header. (PNG, BMP, TIFF and WebP loaders allocate and
    /// clear the full pixbuf inside the write that parses the header; the pipeline refuses
    /// those before the loader starts. This bounds the rest: JPEG, SVG, other formats.)
    static let headerChunkSize = 4096

    /// Bytes fed per write once the size is known: small enough that a cancelled decode stops
    /// within a few milliseconds, large enough that the writes cost nothing.
    static let bodyChunkSize = 256 * 1024

    /// One of the app's own files (a cached thumbnail, `ThumbnailPNG`), decoded as it is by the
    /// loader named `imageType`.
    static func load(_ data: Data, gate: LoaderSizeGate, imageType: String) throws(LoadError) -> DecodedFrame {
        // A file cut short (a crash while writing it, a full disk) is damaged, not half a picture.
        let format = ContentSniffer.imageFormat(of: data.prefix(ContentSniffer.preferredPrefixLength))
        guard !data.isEmpty, let format, !data.withUnsafeBytes({ TruncationCheck.isTruncated($0, format: format) }),
              let loaded = try run(data, loaderNames: [imageType], gate: gate, keepAnimation: false)?.frame else {
            throw .damaged
        }
        return loaded
    }

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        let format = picture.format
        let loaderNames = PixbufLoaderRegistry.loaders(for: format)
        guard !loaderNames.isEmpty else { throw .unsupportedFormat(format) }
        // A loader that decodes the whole picture before it reports the size (HEIF, AVIF): the
        // pixel limit was applied from the header (the pipeline's first step), and the loader is
        // left at full size, scaled afterwards with a smooth filter (it would scale by nearest
        // neighbour).
        let loaderScales = !format.decodesBeforeSizePrepared
        if !loaderScales, picture.facts.size == nil { throw .damaged } // libheif found no primary picture
        guard let (decoded, animation) = try run(picture.data, loaderNames: loaderNames, gate: gate, keepAnimation: request.frames,
                                                 loaderScales: loaderScales)
        else {
            throw .damaged // every loader of the format refused it
        }
        var loaded = decoded
        if let animation { keepFrames(of: &loaded, animation: animation, picture: picture, request: request) }
        if format == .tiff { loaded.orientationLeft = tiffOrientationLeft(picture.facts.orientation) }
        return loaded
    }

    /// What is left of a TIFF's orientation after gdk-pixbuf's loader: libtiff applies the
    /// mirrors of 2–4 itself, and reads 5–8 as 1–4 (it never swaps the sides), so 5 and 7 are
    /// left as a transpose, 6 and 8 as a transverse — as the loader's own "orientation" option
    /// says. Found against PIL's `exif_transpose` of the same files.
    static func tiffOrientationLeft(_ orientation: Int) -> Int {
        switch orientation {
        case 5, 7: 5
        case 6, 8: 7
        default: 1
        }
    }

    /// Tries each loader in turn; nil when every one refused the bytes. With `keepAnimation`,
    /// the loader's animation too (one owned reference) when the picture animates.
    private static func run(
        _ data: Data, loaderNames: [String], gate: LoaderSizeGate, keepAnimation: Bool, loaderScales: Bool = true
    ) throws(LoadError) -> (frame: DecodedFrame, animation: ObjectReference?)? {
        for loaderName in loaderNames {
            guard let loader = makeLoader(imageType: loaderName) else { continue }
            defer { g_object_unref(loader) }
            let size = PixbufLoaderSize(gate: gate, loaderScales: loaderScales)
            connectSizePrepared(loader, size: size)
            let outcome = data.withUnsafeBytes { feed(loader, bytes: $0, size: size) }
            if outcome == .cancelled || gate.isCancelled { throw .cancelled }
            if size.refused { throw .tooLarge }
            // A loader short of memory says nothing of the file: it is kept, and Retry may work.
            if outcome == .outOfMemory { throw .outOfMemory }
            // One loader's refusal is not the picture's: the next loader of the format may read
            // it (see `PixbufLoaderRegistry`). `get_pixbuf` is (transfer none).
            guard outcome == .complete, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { continue }
            var animation: ObjectReference?
            if keepAnimation, let animated = gdk_pixbuf_loader_get_animation(loader),
               gdk_pixbuf_animation_is_static_image(animated) == 0 {
                animation = ObjectReference(retaining: UnsafeMutableRawPointer(animated)) // (transfer none)
            }
            if !loaderScales, let scaled = scaledToFit(pixbuf, gate: gate) {
                return (DecodedFrame(pixbuf: scaled, declaredWidth: size.declaredWidth, declaredHeight: size.declaredHeight), animation)
            }
            let frame = DecodedFrame(pixbuf: ObjectReference(retaining: UnsafeMutableRawPointer(pixbuf)),
                                     declaredWidth: size.sizeKnown ? size.declaredWidth : Int(gdk_pixbuf_get_width(pixbuf)),
                                     declaredHeight: size.sizeKnown ? size.declaredHeight : Int(gdk_pixbuf_get_height(pixbuf)))
            return (frame, animation)
        }
        return nil
    }

    /// `pixbuf` scaled to the gate's fit, or nil when it already fits.
    private static func scaledToFit(_ pixbuf: OpaquePointer, gate: LoaderSizeGate) -> ObjectReference? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        guard let target = LoaderSizeGate.targetSize(width: width, height: height, fit: gate.fit),
              let scaled = gdk_pixbuf_scale_simple(pixbuf, gint(target.width), gint(target.height), GDK_INTERP_BILINEAR)
        else { return nil }
        return ObjectReference(taking: UnsafeMutableRawPointer(scaled))
    }

    private enum FeedOutcome { case complete, failed, refused, cancelled, outOfMemory }

    private static func feed(
        _ loader: UnsafeMutablePointer<GdkPixbufLoader>, bytes: UnsafeRawBufferPointer, size: PixbufLoaderSize
    ) -> FeedOutcome {
        let base = bytes.bindMemory(to: guchar.self).baseAddress!
        var offset = 0
        while offset < bytes.count {
            let length = min(size.sizeKnown ? bodyChunkSize : headerChunkSize, bytes.count - offset)
            var error: UnsafeMutablePointer<GError>?
            let written = gdk_pixbuf_loader_write(loader, base + offset, gsize(length), &error)
            let shortOfMemory = isShortOfMemory(error)
            if let error { g_error_free(error) }
            // A failed write closes the loader itself; closing again would be a GLib critical.
            guard written != 0 else {
                return size.gate.isCancelled ? .cancelled : size.refused ? .refused : shortOfMemory ? .outOfMemory : .failed
            }
            offset += length
            if size.refused || size.gate.isCancelled {
                close(loader) // the data stops here, so this reports an error we do not need
                return size.refused ? .refused : .cancelled
            }
        }
        // Truncated files surface here: a close error means the image is incomplete or corrupt,
        // even when the loader could show a partial picture.
        switch close(loader) {
        case _ where size.refused: return .refused
        case .closed: return .complete
        case .shortOfMemory: return .outOfMemory
        case .failed: return .failed
        }
    }

    private enum CloseOutcome { case closed, failed, shortOfMemory }

    @discardableResult
    private static func close(_ loader: UnsafeMutablePointer<GdkPixbufLoader>) -> CloseOutcome {
        var error: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &error)
        let shortOfMemory = isShortOfMemory(error)
        if let error { g_error_free(error) }
        return closed != 0 ? .closed : shortOfMemory ? .shortOfMemory : .failed
    }

    /// gdk-pixbuf's word for an allocation that failed (its loaders' pixel buffers, libjpeg's
    /// JERR_OUT_OF_MEMORY), as against a file it could not read.
    private static func isShortOfMemory(_ error: UnsafeMutablePointer<GError>?) -> Bool {
        guard let error else { return false }
        return error.pointee.domain == gdk_pixbuf_error_quark() && error.pointee.code == GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY.rawValue
    }

    private static func makeLoader(imageType: String) -> UnsafeMutablePointer<GdkPixbufLoader>? {
        var error: UnsafeMutablePointer<GError>?
        let loader = gdk_pixbuf_loader_new_with_type(imageType, &error)
        if let error { g_error_free(error) }
        return loader
    }

    /// `size-prepared`: `void (GdkPixbufLoader *, gint width, gint height, gpointer)`.
    private static func connectSizePrepared(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, size: PixbufLoaderSize) {
        Signal.connect(loader, .sizePrepared) { loader, width, height in
            guard let loader else { return }
            size.sizePrepared(loader: loader.assumingMemoryBound(to: GdkPixbufLoader.self), width: Int(width), height: Int(height))
        }
    }
}
