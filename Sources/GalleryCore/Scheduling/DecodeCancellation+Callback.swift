import GObjectSupport

/// The flag as the context of a C decoder's stop callback (libjpeg's, libpng's): unretained,
/// since the decode holds the flag for as long as the decoder runs.
extension DecodeCancellation {
    var callbackContext: UnsafeMutableRawPointer { UnretainedObject.pointer(to: self) }

    /// 1 when the decode whose context this is was cancelled; 0 for no context.
    static func stopRequested(context: UnsafeMutableRawPointer?) -> Int32 {
        guard let context else { return 0 }
        return UnretainedObject.object(at: context, as: DecodeCancellation.self).isCancelled ? 1 : 0
    }
}
