import CGtk
import Foundation
import GObjectSupport

/// Collects the frames a library's animation decoder hands over one by one (WebP, an AVIF
/// sequence, JPEG XL, APNG), each composed on the canvas as 8-bit RGBA, into frames of their
/// own: from `firstFrame` (the ones before it are composed, as the next one is drawn over
/// them, but not kept) as many as fit `maxBytes` (`StoredRequest`); then it stops the decoder.
final class AnimationCollector {
    let width: Int
    let height: Int
    private let maxBytes: Int
    private let firstFrame: Int
    /// Frames the decoder handed over, kept or not.
    private var seen = 0
    private(set) var frames: [AnimationFrames.FramePixels] = []
    /// False when a frame's pixels could not be had (no memory).
    private(set) var failed = false

    init(width: Int, height: Int, request: StoredRequest) {
        self.width = width
        self.height = height
        maxBytes = request.animationBytes
        firstFrame = request.firstFrame
    }

    /// The C sink every animation decoder calls (`context`: an unretained collector).
    static let sink: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32 = { context, rgba, milliseconds in
        guard let context, let rgba else { return 0 }
        return UnretainedObject.object(at: context, as: AnimationCollector.self).add(rgba, milliseconds: Int(milliseconds)) ? 1 : 0
    }

    /// Runs `decode` with this collector as its sink's context.
    func collect(_ decode: (UnsafeMutableRawPointer) -> Int32) -> Int32 {
        withExtendedLifetime(self) { decode(UnretainedObject.pointer(to: self)) }
    }

    private func add(_ rgba: UnsafePointer<UInt8>, milliseconds: Int) -> Bool {
        seen += 1
        guard seen > firstFrame else { return true }
        let frameBytes = width * height * 4 // both sides bounded by the facts: no overflow
        guard frames.count < AnimationFrames.maxFrameCount, (frames.count + 1) * frameBytes <= maxBytes else { return false }
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height)), let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else {
            failed = true
            return false
        }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for row in 0..<height { (pixels + row * stride).update(from: rgba + row * width * 4, count: width * 4) }
        // A frame that says no duration shows for 100 ms, as browsers show such frames.
        frames.append(AnimationFrames.FramePixels(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(pixbuf)),
                                                  milliseconds: milliseconds > 0 ? milliseconds : 100))
        // Stopped as soon as the span is full: the frame after it is the next span's.
        return frames.count < AnimationFrames.maxFrameCount && (frames.count + 1) * frameBytes <= maxBytes
    }

    /// The frames as a picture: the first one kept (a copy of its own: the pipeline converts
    /// the still and the frames one by one) and every frame kept; nil when none was, or from
    /// the first frame fewer than two (no animation).
    func animation(declaredWidth: Int, declaredHeight: Int, loopCount: Int) -> DecodedFrame? {
        guard !failed, frames.count >= AnimationFrames.fewestKept(from: firstFrame),
              let still = gdk_pixbuf_copy(OpaquePointer(frames[0].pixbuf.pointer)) else {
            return nil
        }
        return DecodedFrame(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(still)), declaredWidth: declaredWidth,
                                    declaredHeight: declaredHeight, framePixels: frames, loopCount: loopCount)
    }
}
