import CGtk
import Foundation
import GObjectSupport
import GalleryCore

/// A picture's pixels turned as the viewer shows them (`PictureTurn`), for what leaves the
/// viewer as pixels (Copy Image, a drag out): a new texture from a turned copy of its pixels,
/// and a texture's pixels as a pixbuf (Print, whose picture the decoder turned already). Save
/// As's turned copy is a file made from the original (`ImageRepository.turnedCopy`). Thread-safe: textures and pixbufs of its own.
enum TurnedTexture {
    static func make(_ texture: TextureHandle, turn: PictureTurn) -> TextureHandle? {
        guard let shown = turnedPixbuf(texture, turn: turn) else { return nil }
        defer { g_object_unref(shown.rawPointer) }
        guard let turned = gdk_texture_new_for_pixbuf(shown) else { return nil }
        return TextureHandle(taking: turned, isOpaque: texture.isOpaque)
    }

    /// The picture's pixels as a pixbuf of its own, turned by `turn` (Print draws it).
    static func pixbuf(_ texture: TextureHandle, turn: PictureTurn) -> ObjectReference? {
        turnedPixbuf(texture, turn: turn).map { ObjectReference(taking: UnsafeMutableRawPointer($0)) }
    }

    /// Owned by the caller. Unturned, the texture's own pixels (no second copy).
    private static func turnedPixbuf(_ texture: TextureHandle, turn: PictureTurn) -> OpaquePointer? {
        guard let stored = gdk_pixbuf_get_from_texture(texture.texture) else { return nil }
        if turn.isNone { return stored }
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
        return turn.mirrored ? gdk_pixbuf_flip(rotated, 1) : g_object_ref(rotated.rawPointer).map { OpaquePointer($0) }
    }
}
