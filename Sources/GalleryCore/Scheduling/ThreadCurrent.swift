import Foundation

/// A value the work running on this thread reaches without it being passed through every layer,
/// like GLib's `g_cancellable_push_current`: set around a piece of work handed to a decode
/// thread (`DecodeCancellation`, `DecodeAdmission`), read by the decoders below it.
enum ThreadCurrent {
    static func value<Value>(for key: String) -> Value? {
        Thread.current.threadDictionary[key] as? Value
    }

    /// Runs `work` with `value` current under `key`, then puts back what was there.
    static func with<Result>(_ value: Any, for key: String, during work: () throws -> Result) rethrows -> Result {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[key]
        dictionary[key] = value
        defer { dictionary[key] = previous }
        return try work()
    }
}
