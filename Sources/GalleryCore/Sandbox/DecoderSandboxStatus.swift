import Foundation
import Synchronization

/// What the app's decoder sandbox is doing: for the window's notice, the benchmark and
/// diagnostics.
public enum DecoderSandboxStatus {
    /// True when the workers run inside bubblewrap (false: the plain fallback). Finding out
    /// starts the first worker and waits for it (`DecodeWorkerLaunch.current`): the UI waits
    /// for `whenKnown` instead.
    public static var usesBubblewrap: Bool { DecodeWorkerLaunch.current?.usesBubblewrap ?? false }

    private struct Waiting {
        var known: Bool?
        var handlers: [@Sendable (Bool) -> Void] = []
    }

    private static let waiting = Mutex(Waiting())

    /// Calls `handler` (on any thread) with `usesBubblewrap` once the first worker has found it
    /// out — at once if one has. Nothing is started for it.
    public static func whenKnown(_ handler: @escaping @Sendable (Bool) -> Void) {
        let known = waiting.withLock { state -> Bool? in
            if state.known == nil { state.handlers.append(handler) }
            return state.known
        }
        if let known { handler(known) }
    }

    /// Said by `DecodeWorkerLaunch.current` once it has decided.
    static func announce(usesBubblewrap: Bool) {
        let handlers = waiting.withLock { state -> [@Sendable (Bool) -> Void] in
            state.known = usesBubblewrap
            defer { state.handlers = [] }
            return state.handlers
        }
        handlers.forEach { $0(usesBubblewrap) }
    }

    /// Workers the shared pool started so far (each replaced one counts).
    public static var workersStarted: Int { DecodeWorkerPool.shared.startedCount }

    /// Resident memory of the shared pool's idle decoders together, in bytes (`VmRSS`).
    public static var residentBytes: Int {
        DecodeWorkerPool.shared.idleDecoderProcesses.reduce(0) { total, pid in
            let status = ProcFile.read("/proc/\(pid)/status") ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            let kilobytes = Int(line.filter(\.isNumber)) ?? 0 // "VmRSS:\t   45312 kB"
            return total + kilobytes * 1024
        }
    }
}
