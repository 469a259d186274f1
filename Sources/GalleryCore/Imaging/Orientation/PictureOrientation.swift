import CGtk
import GObjectSupport

/// Turns pixels stored under an EXIF orientation upright: the one place any decode applies it
/// (the whole picture, a zoomed region, what has arrived of a download, in every format), and
/// the one place an upright clip is mapped to the stored picture. The orientation comes from
/// the file's facts (`PictureFacts`), never from a loader's option, so every decoder's picture
/// is turned the same way.
enum PictureOrientation {
    /// Where the upright rectangle `rect` lies in the stored picture of `storedSize` that
    /// `orientation` turns upright (2 mirrors, 3 turns 180°, 6 turns 90° clockwise, …): turning
    /// those stored pixels upright gives exactly `rect`.
    static func storedRect(_ rect: PixelRect, orientation: Int, storedSize size: PixelSize) -> PixelRect {
        let (x, y, width, height) = (rect.x, rect.y, rect.width, rect.height)
        return switch orientation {
        case 2: PixelRect(x: size.width - x - width, y: y, width: width, height: height)
        case 3: PixelRect(x: size.width - x - width, y: size.height - y - height, width: width, height: height)
        case 4: PixelRect(x: x, y: size.height - y - height, width: width, height: height)
        case 5: PixelRect(x: y, y: x, width: height, height: width)
        case 6: PixelRect(x: y, y: size.height - x - width, width: height, height: width)
        case 7: PixelRect(x: size.width - y - height, y: size.height - x - width, width: height, height: width)
        case 8: PixelRect(x: size.width - y - height, y: x, width: height, height: width)
        default: rect
        }
    }

    /// `pixbuf` upright: 2 mirrors, 3 turns 180°, 4 flips, 5 transposes, 6 turns 90° clockwise,
    /// 7 transverses, 8 turns 90° anticlockwise. Nil when a copy could not be made.
    static func upright(_ pixbuf: ObjectReference, orientation: Int) -> ObjectReference? {
        let source = OpaquePointer(pixbuf.pointer)
        let turned: OpaquePointer?
        switch orientation {
        case 2: turned = gdk_pixbuf_flip(source, 1)
        case 3: turned = gdk_pixbuf_rotate_simple(source, GDK_PIXBUF_ROTATE_UPSIDEDOWN)
        case 4: turned = gdk_pixbuf_flip(source, 0)
        case 5, 7:
            guard let clockwise = gdk_pixbuf_rotate_simple(source, GDK_PIXBUF_ROTATE_CLOCKWISE) else { return nil }
            turned = gdk_pixbuf_flip(clockwise, orientation == 5 ? 1 : 0)
            g_object_unref(UnsafeMutableRawPointer(clockwise))
        case 6: turned = gdk_pixbuf_rotate_simple(source, GDK_PIXBUF_ROTATE_CLOCKWISE)
        case 8: turned = gdk_pixbuf_rotate_simple(source, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE)
        default: return pixbuf
        }
        return turned.map { ObjectReference(taking: UnsafeMutableRawPointer($0)) }
    }

    /// `loaded` upright; its declared size turned with it, keeping `DecodedImage.wasDownscaled`
    /// truthful. A turn that cannot be made (no memory for the copy) is `.tooLarge`.
    static func upright(_ loaded: DecodedFrame, orientation: Int) throws(LoadError) -> DecodedFrame {
        guard (2...8).contains(orientation) else { return loaded }
        guard let turned = upright(loaded.pixbuf, orientation: orientation) else { throw .outOfMemory }
        var upright = loaded
        upright.pixbuf = turned
        // An animation's frames turn with it (they have the still's size).
        if let frames = loaded.framePixels {
            var turnedFrames: [AnimationFrames.FramePixels] = []
            for frame in frames {
                guard let pixels = self.upright(frame.pixbuf, orientation: orientation) else { throw .outOfMemory }
                turnedFrames.append(AnimationFrames.FramePixels(pixbuf: pixels, milliseconds: frame.milliseconds))
            }
            upright.framePixels = turnedFrames
        }
        if orientation >= 5 { (upright.declaredWidth, upright.declaredHeight) = (loaded.declaredHeight, loaded.declaredWidth) }
        return upright
    }
}
