import CGtk

/// GTK types import into Swift either as typed pointers (`UnsafeMutablePointer<GtkWidget>`)
/// or as `OpaquePointer` (final types whose struct is private). This protocol gives both one
/// vocabulary for the casts that GObject's single inheritance makes safe.
public protocol GPointer {
    var rawPointer: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GPointer {
    public var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GPointer {
    public var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GPointer {
    public var rawPointer: UnsafeMutableRawPointer { self }
}

extension GPointer {
    /// Reinterprets this instance as another type in its GObject hierarchy.
    @inline(__always)
    public func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
        rawPointer.assumingMemoryBound(to: T.self)
    }

    @inline(__always)
    public var opaque: OpaquePointer { OpaquePointer(rawPointer) }

    @inline(__always)
    public var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    @inline(__always)
    public var gobject: UnsafeMutablePointer<GObject> { cast() }
}
