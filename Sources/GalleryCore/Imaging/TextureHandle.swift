import CGtk
import GObjectSupport

/// A decoded image ready for GTK: one strong reference to an immutable `GdkTexture`.
///
/// GdkTexture is immutable and safe to create and share across threads; only the widgets that
/// show it are main-thread only. `byteCost` is what it holds in memory (4 bytes per pixel).
public final class TextureHandle: @unchecked Sendable {
    private let reference: ObjectReference
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// No transparent pixels: whatever is drawn under it never shows, so views can skip it.
    public let isOpaque: Bool

    /// Takes over a full reference to a `GdkTexture`.
    public init(taking texture: OpaquePointer, isOpaque: Bool = false) {
        reference = ObjectReference(taking: UnsafeMutableRawPointer(texture))
        self.isOpaque = isOpaque
        pixelWidth = Int(gdk_texture_get_width(texture))
        pixelHeight = Int(gdk_texture_get_height(texture))
    }

    /// The `GdkTexture*` (borrowed: valid while this handle lives).
    public var texture: OpaquePointer { OpaquePointer(reference.pointer) }

    /// As a `GdkPaintable*`, for `gtk_picture_set_paintable`.
    public var paintable: OpaquePointer { texture }

    public var byteCost: Int { pixelWidth * pixelHeight * 4 }
}
