import CGtk
import GObjectSupport

/// Turns pixels stored under an EXIF orientation upright: the one place any decode applies it
/// (the whole picture, a zoomed region, what has arrived of a download). The orientation comes
/// from the file's facts (`PictureFacts`), never from a loader's option, so every decoder's
/// picture is turned the same way.
enum PictureOrientation {
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
    static func upright(_ loaded: PixbufLoading.Loaded, orientation: Int) throws(LoadError) -> PixbufLoading.Loaded {
        guard (2...8).contains(orientation) else { return loaded }
        guard let turned = upright(loaded.pixbuf, orientation: orientation) else { throw .tooLarge }
        var upright = loaded
        upright.pixbuf = turned
        if orientation >= 5 { (upright.declaredWidth, upright.declaredHeight) = (loaded.declaredHeight, loaded.declaredWidth) }
        return upright
    }
}
