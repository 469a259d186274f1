import Synchronization

/// Where decoders of untrusted formats run: in the sandboxed worker pool (always, in the app),
/// or in this process, which exists only so `tools/bench` can measure what the sandbox costs
/// against the same decodes without it.
public enum DecoderIsolation: Sendable {
    case sandboxed
    case inProcess

    private static let setting = Mutex(DecoderIsolation.sandboxed)

    public static var current: DecoderIsolation {
        get { setting.withLock { $0 } }
        set { setting.withLock { $0 = newValue } }
    }
}
