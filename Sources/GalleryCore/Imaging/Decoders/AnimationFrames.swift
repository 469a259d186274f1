import CGtk
import CShims
import Foundation
import GObjectSupport

/// Copies the frames of a `GdkPixbufAnimation` out (in the worker: `PixbufLoading`), and turns
/// frames that came back into textures (in the app).
///
/// gdk-pixbuf composites each GIF frame into one shared pixbuf, so every frame is copied before
/// it becomes a texture. The whole list must fit `maxBytes`; otherwise the caller shows the
/// still image, because a long or large GIF would otherwise take hundreds of megabytes.
enum AnimationFrames {
    /// Hard limit however small the frames: a GIF of thousands of 1-pixel frames is no movie.
    static let maxFrameCount = 1000

    /// One composited frame, its own copy, and how long it shows.
    struct FramePixels {
        let pixbuf: ObjectReference
        let milliseconds: Int
    }

    /// The frames as textures (their pixels in sRGB already: `PicturePipeline.toSRGB`), or nil
    /// with fewer than two.
    static func textures(of frames: [FramePixels], loopCount: Int) -> DecodedAnimation? {
        var textures: [DecodedAnimation.Frame] = []
        for frame in frames {
            guard let texture = gdk_texture_new_for_pixbuf(OpaquePointer(frame.pixbuf.pointer)) else { return nil }
            textures.append(DecodedAnimation.Frame(texture: TextureHandle(taking: texture), milliseconds: frame.milliseconds))
        }
        return textures.count >= 2 ? DecodedAnimation(frames: textures, loopCount: loopCount) : nil
    }

    /// Copies of every frame of one cycle, within `maxBytes` (RGBA at the animation's size).
    static func framePixels(from animation: OpaquePointer, summary: GIFStructure.Summary, maxBytes: Int) -> [FramePixels]? {
        let width = Int(gdk_pixbuf_animation_get_width(animation))
        let height = Int(gdk_pixbuf_animation_get_height(animation))
        let count = summary.frameCount
        guard count >= 2, count <= maxFrameCount, width > 0, height > 0,
              gdk_pixbuf_animation_is_static_image(animation) == 0 else { return nil }
        let (total, overflow) = (width * height * 4).multipliedReportingOverflow(by: count)
        guard !overflow, total <= maxBytes else { return nil }

        guard let iterator = shim_pixbuf_animation_iter_at_zero(animation) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(iterator)) }
        var frames: [FramePixels] = []
        frames.reserveCapacity(count)
        var clock = 0
        for _ in 0..<count {
            // A negative delay means "stay here forever": the animation ended early.
            let delay = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
            guard delay > 0, let frame = gdk_pixbuf_animation_iter_get_pixbuf(iterator), let copy = gdk_pixbuf_copy(frame)
            else { break }
            frames.append(FramePixels(pixbuf: ObjectReference(taking: UnsafeMutableRawPointer(copy)), milliseconds: delay))
            clock += delay
            shim_pixbuf_animation_iter_advance_to(iterator, clock)
        }
        return frames.count >= 2 ? frames : nil
    }
}
