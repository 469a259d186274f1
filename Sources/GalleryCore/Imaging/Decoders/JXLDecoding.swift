import CGtk
import CJXLDecode
import Foundation
import GObjectSupport

/// JPEG XL, through libjxl: the first frame, whole, as stored (the facts carry its
/// orientation) and in the colour space its facts' profile names (sRGB: none), scaled to the
/// fit afterwards; every frame of an animation, with its duration, when a page asks for them. No gdk-pixbuf loader on Debian 12 reads the format. libjxl decodes at full
/// size: a page is scaled from the whole picture, as for HEIF.
enum JXLDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "libjxl"

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard let size = picture.facts.size, size.width > 0, size.height > 0 else { throw .damaged } // libjxl read no header
        let target = LoaderSizeGate.targetSize(width: size.width, height: size.height, fit: gate.fit)
        let (frame, bytes) = try canvas(size, gate: gate)
        var pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(frame))
        let status = picture.data.withUnsafeBytes { data in
            jxldecode_rgba(data.bindMemory(to: UInt8.self).baseAddress, data.count, UInt32(size.width), UInt32(size.height),
                           gdk_pixbuf_get_pixels(frame), bytes)
        }
        guard Int(status) == JXLDECODE_OK else { throw .damaged }
        if request.frames, picture.facts.animated, let animation = frames(of: picture.data, size: size, canvas: frame, bytes: bytes,
                                                                                 request: request) {
            return animation
        }
        if let target, let scaled = gdk_pixbuf_scale_simple(frame, gint(target.width), gint(target.height), GDK_INTERP_BILINEAR) {
            pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
        }
        return DecodedFrame(pixbuf: pixbuf, declaredWidth: size.width, declaredHeight: size.height)
    }

    /// A new RGBA pixbuf of `size` whose rows libjxl writes as they are (no padding), and its
    /// byte count, within the gate's pixels.
    static func canvas(_ size: PixelSize, gate: LoaderSizeGate) throws(LoadError) -> (pixbuf: OpaquePointer, bytes: Int) {
        let (bytes, overflow) = size.pixels.multipliedReportingOverflow(by: 4)
        guard !overflow, size.pixels <= gate.maxPixels else { throw .tooLarge }
        guard let frame = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(size.width), gint(size.height)) else { throw .outOfMemory }
        guard Int(gdk_pixbuf_get_rowstride(frame)) == size.width * 4 else {
            g_object_unref(UnsafeMutableRawPointer(frame))
            throw .outOfMemory
        }
        return (frame, bytes)
    }

    /// The frames `request` asks for, coalesced by libjxl at the picture's size, decoded into
    /// `canvas` (the first frame's pixbuf, reused), with their durations and the loop count.
    private static func frames(of data: Data, size: PixelSize, canvas: OpaquePointer, bytes: Int, request: StoredRequest) -> DecodedFrame? {
        let collector = AnimationCollector(width: size.width, height: size.height, request: request)
        var loops: UInt32 = 0
        let status = collector.collect { context in
            data.withUnsafeBytes { input in
                jxldecode_frames(input.bindMemory(to: UInt8.self).baseAddress, input.count, UInt32(size.width), UInt32(size.height),
                                 gdk_pixbuf_get_pixels(canvas), bytes, AnimationCollector.sink, context, &loops)
            }
        }
        guard Int(status) == JXLDECODE_OK else { return nil }
        return collector.animation(declaredWidth: size.width, declaredHeight: size.height, loopCount: Int(loops))
    }
}
