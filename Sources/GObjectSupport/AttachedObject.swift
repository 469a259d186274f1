import CGtk

/// The one ownership rule for a Swift object tied to a GObject: it is the GObject's data
/// (`g_object_set_data_full`), and GLib lets go of it when the GObject is finalized or the key
/// is set again. Two strengths:
/// - `keep(_:aliveWith:key:)`: the Swift object lives exactly as long as the GObject (a window's
///   controller); it holds no reference of its own to that GObject, or neither would ever go.
/// - `attachWeakly(_:to:key:)`: the GObject finds its Swift owner while the owner lives (a
///   custom widget's vfuncs find their canvas); the owner holds the GObject.
public enum AttachedObject {
    private final class WeakReference: @unchecked Sendable { // read on the GObject's thread only
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    public static func keep(_ object: AnyObject, aliveWith instance: some GPointer, key: String) {
        g_object_set_data_full(instance.gobject, key, CallbackBox<AnyObject>.retain(object), CallbackBoxRelease.destroyNotify)
    }

    public static func attachWeakly(_ object: AnyObject, to instance: some GPointer, key: String) {
        g_object_set_data_full(instance.gobject, key, CallbackBox<AnyObject>.retain(WeakReference(object)),
                               CallbackBoxRelease.destroyNotify)
    }

    /// The object kept or attached under `key`, if it is a `T` and still alive.
    public static func object<T: AnyObject>(of instance: some GPointer, key: String, as _: T.Type = T.self) -> T? {
        guard let data = g_object_get_data(instance.gobject, key) else { return nil }
        let attached = CallbackBox<AnyObject>.borrow(data)
        if let weak = attached as? WeakReference { return weak.object as? T }
        return attached as? T
    }

    /// Lets go of what is under `key` now.
    public static func detach(from instance: some GPointer, key: String) {
        g_object_set_data(instance.gobject, key, nil)
    }
}
