import CGtk
import GObjectSupport
import GalleryCore

/// A picture's pixels turned as the viewer shows them (`PictureTurn`), for what leaves the
/// viewer as an image (Copy Image, a drag out): a new texture from a turned copy of its pixels.
enum TurnedTexture {
    @MainActor
    static func make(_ texture: TextureHandle, turn: PictureTurn) -> TextureHandle? {
        guard let stored = gdk_pixbuf_get_from_texture(texture.texture) else { return nil }
        defer { g_object_unref(stored.rawPointer) }
        let rotation: GdkPixbufRotation
        switch turn.quarterTurns {
        case 1: rotation = GDK_PIXBUF_ROTATE_CLOCKWISE
        case 2: rotation = GDK_PIXBUF_ROTATE_UPSIDEDOWN
        case 3: rotation = GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE
        default: rotation = GDK_PIXBUF_ROTATE_NONE
        }
        guard let rotated = gdk_pixbuf_rotate_simple(stored, rotation) else { return nil }
        defer { g_object_unref(rotated.rawPointer) }
        let shown = turn.mirrored ? gdk_pixbuf_flip(rotated, 1) : g_object_ref(rotated.rawPointer).map { OpaquePointer($0) }
        guard let shown else { return nil }
        defer { g_object_unref(shown.rawPointer) }
        guard let turned = gdk_texture_new_for_pixbuf(shown) else { return nil }
        return TextureHandle(taking: turned, isOpaque: texture.isOpaque)
    }
}
