import CGtk

/// Owns one strong reference to a GObject and drops it when the Swift value goes away.
///
/// Used for objects that cross threads (textures, pixbufs): `g_object_unref` is thread-safe for
/// those, and the immutability of GdkTexture makes sharing them between threads safe.
public final class ObjectReference: @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer

    /// Takes over a reference the caller already owns (a `_new` or `(transfer full)` result).
    public init(taking pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    /// Adds a reference to a borrowed object (`(transfer none)`).
    public init(retaining pointer: UnsafeMutableRawPointer) {
        g_object_ref(pointer)
        self.pointer = pointer
    }

    deinit { g_object_unref(pointer) }
}
