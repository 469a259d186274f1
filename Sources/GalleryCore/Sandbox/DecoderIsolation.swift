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

    /// True where pictures and lists are read in this process: in a worker, or with isolation off.
    static var readsHere: Bool { DecodeWorker.isWorker || current == .inProcess }

    /// The loader of this process: the steps run here where it reads here, else each call is a
    /// message to one of `pool`'s workers.
    static func loader(pool: DecodeWorkerPool = .shared) -> any PictureLoader {
        readsHere ? InProcessPictureLoader() : SandboxedPictureLoader(pool: pool)
    }
}
