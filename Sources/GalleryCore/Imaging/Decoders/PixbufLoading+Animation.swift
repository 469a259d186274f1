import CGtk
import GObjectSupport

/// An animation gdk-pixbuf's loader composes (a GIF's): its frames copied out of the loader's
/// animation, the still copied first (walking the animation draws each frame into the
/// loader's picture), from the request's first frame as many as fit its bytes. Left out when
/// they are not RGBA at the still's size: the still alone is kept then.
extension PixbufLoading {
    static func keepFrames(of loaded: inout DecodedFrame, animation: ObjectReference, picture: OpenedPicture, request: StoredRequest) {
        guard let summary = GIFStructure.summary(of: picture.data), let still = gdk_pixbuf_copy(loaded.pointer) else { return }
        loaded.pixbuf = ObjectReference(taking: UnsafeMutableRawPointer(still))
        let width = gdk_pixbuf_get_width(still), height = gdk_pixbuf_get_height(still)
        guard let frames = AnimationFrames.framePixels(from: OpaquePointer(animation.pointer), summary: summary, request: request),
              frames.allSatisfy({ frame in
                  let pointer = OpaquePointer(frame.pixbuf.pointer)
                  return gdk_pixbuf_get_width(pointer) == width && gdk_pixbuf_get_height(pointer) == height
                      && gdk_pixbuf_get_n_channels(pointer) == 4
              }) else { return }
        loaded.framePixels = frames
        loaded.loopCount = summary.loopCount
    }
}
