import Foundation

/// Where decoders of untrusted formats run: in the sandboxed worker pool (always, in the app),
/// or in this process, which exists only so `tools/bench` can measure what the sandbox costs
/// against the same decodes without it.
public enum DecoderIsolation: Sendable {
    case sandboxed
    case inProcess

    private static let lock = NSLock()
    nonisolated(unsafe) private static var setting = DecoderIsolation.sandboxed // under `lock`

    public static var current: DecoderIsolation {
        get { lock.withLock { setting } }
        set { lock.withLock { setting = newValue } }
    }
}
