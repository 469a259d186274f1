import CGtk
import Foundation
import GObjectSupport

/// Every frame of an animated PNG (APNG), when a page asks for the frames: each frame's PNG
/// (`APNGStructure.framePNG`) decoded by gdk-pixbuf's PNG loader, then composed on the canvas as
/// the specification says — drawn over what is there or replacing it (`blend_op`), then left,
/// cleared or put back (`dispose_op`) — and kept as it shows. A still (a thumbnail, a page
/// before its frames) is the default image (the next PNG decoders), unless the animation leaves
/// that image out: then it is the animation's first frame, as browsers show it. An APNG that
/// breaks its rules or is too long to keep is the default image.
enum APNGDecoding: PictureDecoder {
    static let abilities: DecoderAbilities = .whole
    static let library = "APNG frames (libpng)"

    static func decode(_ picture: OpenedPicture, _ request: StoredRequest, in context: DecodeContext) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate, decoding = context
        let frames = request.frames && picture.facts.animated
        guard frames || APNGStructure.leavesOutDefaultImage(picture.data),
              let structure = APNGStructure(picture.data, maxFrames: AnimationFrames.maxFrameCount) else { return nil }
        let (width, height) = (structure.width, structure.height)
        guard width * height <= gate.maxPixels else { throw .tooLarge }
        var canvas = [UInt8](repeating: 0, count: width * height * 4) // transparent black, as the animation starts
        guard frames else { return try firstFrame(of: structure, picture.data, canvas: &canvas, context: context) }
        let collector = AnimationCollector(width: width, height: height, request: request)
        let stop = collector.collect { sink in
            for (index, frame) in structure.frames.enumerated() {
                guard let pixels = try? framePixels(structure.framePNG(index, from: picture.data), frame: frame, context: decoding) else {
                    return 1
                }
                let saved = frame.dispose == 2 ? region(of: canvas, frame, width: width) : nil
                draw(pixels, into: &canvas, frame, width: width)
                let kept = canvas.withUnsafeBufferPointer { AnimationCollector.sink(sink, $0.baseAddress, UInt32(frame.milliseconds)) }
                guard kept != 0 else { return 0 }
                switch frame.dispose {
                case 1: fill(&canvas, frame, width: width, with: nil)
                case 2: fill(&canvas, frame, width: width, with: saved)
                default: break
                }
            }
            return 0
        }
        guard stop == 0 else { return nil } // a frame that does not decode: the default image shows
        return collector.animation(declaredWidth: width, declaredHeight: height, loopCount: structure.loopCount)
    }

    /// The animation's first frame drawn on the clear canvas, at the gate's fit; nil when it
    /// does not decode (the default image shows).
    private static func firstFrame(
        of structure: APNGStructure, _ data: Data, canvas: inout [UInt8], context: DecodeContext
    ) throws(LoadError) -> DecodedFrame? {
        let gate = context.gate
        guard let frame = structure.frames.first,
              let pixels = try? framePixels(structure.framePNG(0, from: data), frame: frame, context: context) else { return nil }
        draw(pixels, into: &canvas, frame, width: structure.width)
        guard let still = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(structure.width), gint(structure.height)),
              let target = gdk_pixbuf_get_pixels(still) else { throw .outOfMemory }
        var pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(still))
        let stride = Int(gdk_pixbuf_get_rowstride(still)), row = structure.width * 4
        canvas.withUnsafeBytes { rows in
            for y in 0..<structure.height { (target + y * stride).update(from: rows.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * row, count: row) }
        }
        if let fit = LoaderSizeGate.targetSize(width: structure.width, height: structure.height, fit: gate.fit),
           let scaled = gdk_pixbuf_scale_simple(still, gint(fit.width), gint(fit.height), GDK_INTERP_BILINEAR) {
            pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(scaled))
        }
        return DecodedFrame(pixbuf: pixbuf, declaredWidth: structure.width, declaredHeight: structure.height)
    }

    /// A frame's pixels as RGBA rows, or nil when it does not decode at its declared size. Each
    /// frame is a PNG of its own, decoded whole as any PNG is (`DecodeContext.nested`).
    private static func framePixels(_ png: Data, frame: APNGStructure.Frame, context: DecodeContext) throws -> [UInt8]? {
        let frameGate = LoaderSizeGate(maxPixels: context.gate.maxPixels, maxSide: Int(Int32.max), countsPixels: false)
        guard let loaded = try context.nested(OpenedPicture(png), frameGate),
              let rgba = gdk_pixbuf_add_alpha(loaded.pointer, 0, 0, 0, 0) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(rgba)) }
        guard Int(gdk_pixbuf_get_width(rgba)) == frame.width, Int(gdk_pixbuf_get_height(rgba)) == frame.height,
              let pixels = gdk_pixbuf_read_pixels(rgba) else { return nil }
        let stride = Int(gdk_pixbuf_get_rowstride(rgba))
        var rows = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
        for row in 0..<frame.height {
            rows.withUnsafeMutableBufferPointer { out in
                (out.baseAddress! + row * frame.width * 4).update(from: pixels + row * stride, count: frame.width * 4)
            }
        }
        return rows
    }

    /// `pixels` drawn at the frame's rectangle: replacing it (`blend` 0) or over it ("source
    /// over", straight alpha).
    private static func draw(_ pixels: [UInt8], into canvas: inout [UInt8], _ frame: APNGStructure.Frame, width: Int) {
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let source = (row * frame.width + column) * 4, target = ((frame.y + row) * width + frame.x + column) * 4
                let alpha = Int(pixels[source + 3])
                guard frame.blend == 1, alpha < 255 else {
                    for channel in 0..<4 { canvas[target + channel] = pixels[source + channel] }
                    continue
                }
                // Rounded, not truncated: a near-transparent frame drawn over and over builds up its
                // alpha as browsers (and Pillow) draw it, instead of losing a level each time.
                let below = (Int(canvas[target + 3]) * (255 - alpha) + 127) / 255, out = alpha + below
                guard out > 0 else { continue }
                for channel in 0..<3 {
                    let sum = Int(pixels[source + channel]) * alpha + Int(canvas[target + channel]) * below
                    canvas[target + channel] = UInt8((sum + out / 2) / out)
                }
                canvas[target + 3] = UInt8(out)
            }
        }
    }

    /// The canvas's pixels under the frame's rectangle, to put back after it.
    private static func region(of canvas: [UInt8], _ frame: APNGStructure.Frame, width: Int) -> [UInt8] {
        (0..<frame.height).flatMap { row in
            let start = ((frame.y + row) * width + frame.x) * 4
            return canvas[start..<start + frame.width * 4]
        }
    }

    /// The frame's rectangle cleared to transparent black, or given `saved` back.
    private static func fill(_ canvas: inout [UInt8], _ frame: APNGStructure.Frame, width: Int, with saved: [UInt8]?) {
        for row in 0..<frame.height {
            let start = ((frame.y + row) * width + frame.x) * 4, count = frame.width * 4
            for index in 0..<count { canvas[start + index] = saved?[row * count + index] ?? 0 }
        }
    }
}
