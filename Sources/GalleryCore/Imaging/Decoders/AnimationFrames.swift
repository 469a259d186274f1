import CGtk
import CShims
import Foundation
import GObjectSupport

/// Copies the frames of a `GdkPixbufAnimation` out (in the worker: `PixbufLoading`), and turns
/// frames that came back into textures (in the app).
///
/// gdk-pixbuf composites each GIF frame into one shared pixbuf, so every frame is copied before
/// it becomes a texture. A request keeps the frames that fit its bytes: a long or large GIF
/// comes in spans (`AnimationSpans`), not hundreds of megabytes at once.
enum AnimationFrames {
    /// Hard limit however small the frames: a GIF of thousands of 1-pixel frames is no movie.
    static let maxFrameCount = 1000

    /// One composited frame, its own copy, and how long it shows.
    struct FramePixels {
        let pixbuf: ObjectReference
        let milliseconds: Int
    }

    /// The frames as textures (their pixels in sRGB already: `PicturePipeline.toSRGB`), from
    /// `firstFrame` of the animation, `reachesEnd` when its last frame is among them; nil with
    /// none, or fewer than two from the start.
    static func textures(of frames: [FramePixels], loopCount: Int, firstFrame: Int, reachesEnd: Bool) -> DecodedAnimation? {
        var textures: [DecodedAnimation.Frame] = []
        for frame in frames {
            guard let texture = gdk_texture_new_for_pixbuf(OpaquePointer(frame.pixbuf.pointer)) else { return nil }
            textures.append(DecodedAnimation.Frame(texture: TextureHandle(taking: texture), milliseconds: frame.milliseconds))
        }
        guard textures.count >= fewestKept(from: firstFrame) else { return nil }
        return DecodedAnimation(frames: textures, loopCount: loopCount, firstFrame: firstFrame, reachesEnd: reachesEnd)
    }

    /// The fewest frames a request from `firstFrame` brings as an animation: from the start,
    /// two (one is a still); later, one (the span before it played).
    static func fewestKept(from firstFrame: Int) -> Int { firstFrame == 0 ? 2 : 1 }

    /// Copies of the frames of one cycle from `request.firstFrame` on (gdk-pixbuf composes
    /// the ones before it as its clock passes them), as many as fit `request.animationBytes`
    /// (RGBA at the animation's size).
    static func framePixels(from animation: OpaquePointer, summary: GIFStructure.Summary, request: StoredRequest) -> [FramePixels]? {
        let width = Int(gdk_pixbuf_animation_get_width(animation))
        let height = Int(gdk_pixbuf_animation_get_height(animation))
        let count = summary.frameCount
        guard count >= 2, count <= maxFrameCount, width > 0, height > 0, request.firstFrame < count,
              gdk_pixbuf_animation_is_static_image(animation) == 0 else { return nil }
        let frameBytes = width * height * 4 // each side within the GIF's 16 bits
        let kept = min(count - request.firstFrame, request.animationBytes / frameBytes)
        guard kept >= fewestKept(from: request.firstFrame) else { return nil }

        guard let iterator = shim_pixbuf_animation_iter_at_zero(animation) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(iterator)) }
        var frames: [FramePixels] = []
        frames.reserveCapacity(kept)
        var clock = 0
        for index in 0..<(request.firstFrame + kept) {
            // A negative delay means "stay here forever": the animation ended early.
            let delay = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
            guard delay > 0 else { break }
            if index >= request.firstFrame {
                guard let frame = gdk_pixbuf_animation_iter_get_pixbuf(iterator), let copy = gdk_pixbuf_copy(frame) else { break }
                frames.append(FramePixels(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(copy)), milliseconds: delay))
            }
            clock += delay
            shim_pixbuf_animation_iter_advance_to(iterator, clock)
        }
        return frames.count >= fewestKept(from: request.firstFrame) ? frames : nil
    }
}
