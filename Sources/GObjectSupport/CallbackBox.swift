import CGtk

/// The one way a Swift value crosses C as a `void *` user-data pointer: signals, sources,
/// shortcut actions, tick callbacks, async replies and C libraries' callback contexts all carry
/// their closure or object through it, with one ownership rule — `retain` hands C one
/// reference, which exactly one of `destroyNotify`, `closureNotify` or `take` gives back.
///
/// Touched on the thread C calls back on: the main thread for GLib, the decoding or transfer
/// thread for libcurl, libpng and libjpeg contexts.
public final class CallbackBox<Value>: @unchecked Sendable {
    public let value: Value

    private init(_ value: Value) { self.value = value }

    /// A pointer holding one reference to a box of `value`.
    public static func retain(_ value: Value) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(CallbackBox(value)).toOpaque()
    }

    /// The value behind a pointer from `retain`, which stays valid.
    public static func borrow(_ pointer: UnsafeRawPointer?) -> Value {
        Unmanaged<CallbackBox>.fromOpaque(pointer!).takeUnretainedValue().value
    }

    /// The value behind a pointer from `retain`, giving its reference back: for a callback C
    /// calls exactly once (an async reply).
    public static func take(_ pointer: UnsafeRawPointer?) -> Value {
        Unmanaged<CallbackBox>.fromOpaque(pointer!).takeRetainedValue().value
    }
}

/// What GLib calls when it lets go of a pointer from `CallbackBox.retain`.
public enum CallbackBoxRelease {
    /// For sources, shortcut actions, tick callbacks (`GDestroyNotify`).
    public static let destroyNotify: GDestroyNotify = { data in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }

    /// For signal handlers (`GClosureNotify`).
    public static let closureNotify: GClosureNotify = { data, _ in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }
}

/// An object C calls back without owning it: the object outlives every call (a transfer
/// that removes its handle before it goes, a decode's cancellation flag held by the decode).
public enum UnretainedObject {
    public static func pointer(to object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(object).toOpaque()
    }

    public static func object<T: AnyObject>(at pointer: UnsafeRawPointer, as _: T.Type = T.self) -> T {
        Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }
}
