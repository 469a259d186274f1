import Foundation
import Synchronization

/// What the app's decoder sandbox is doing: for the window's notice, the benchmark and
/// diagnostics.
public enum DecoderSandboxStatus {
    /// What protects the decoders here, and whether bubblewrap is installed (the notice names
    /// the one command that gives the full sandbox: install it, or allow the namespaces it needs).
    public struct Known: Sendable, Equatable {
        public let protection: DecoderProtection
        public let bubblewrapInstalled: Bool
        /// The command that lets bubblewrap make its namespaces here (`namespaceCommand()`),
        /// read from /proc where the first worker was started, not on the main thread.
        public let namespaceCommand: String
    }

    /// The switch this kernel has turned off (Ubuntu's AppArmor restriction, Debian's own
    /// switch), else the count of user namespaces allowed.
    static func namespaceCommand() -> String {
        func reads(_ name: String, _ value: String) -> Bool {
            ProcFile.read("/proc/sys/" + name.replacingOccurrences(of: ".", with: "/"))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == value
        }
        if reads("kernel.apparmor_restrict_unprivileged_userns", "1") {
            return "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"
        }
        if reads("kernel.unprivileged_userns_clone", "0") { return "sudo sysctl -w kernel.unprivileged_userns_clone=1" }
        return "sudo sysctl -w user.max_user_namespaces=15000"
    }

    /// True when the workers run inside bubblewrap (false: a fallback). Finding out starts the
    /// first worker and waits for it (`DecodeWorkerLaunch.current`): the UI waits for
    /// `whenKnown` instead.
    public static var usesBubblewrap: Bool { DecodeWorkerLaunch.current?.usesBubblewrap ?? false }

    private struct Waiting {
        var known: Known?
        var handlers: [@Sendable (Known) -> Void] = []
    }

    private static let waiting = Mutex(Waiting())

    /// Calls `handler` (on any thread) with what protects the decoders once the first worker
    /// has found it out — at once if one has. Nothing is started for it.
    public static func whenKnown(_ handler: @escaping @Sendable (Known) -> Void) {
        let known = waiting.withLock { state -> Known? in
            if state.known == nil { state.handlers.append(handler) }
            return state.known
        }
        if let known { handler(known) }
    }

    /// Said by `DecodeWorkerLaunch.current` once it has decided.
    static func announce(_ protection: DecoderProtection, bubblewrapInstalled: Bool) {
        let known = Known(protection: protection, bubblewrapInstalled: bubblewrapInstalled, namespaceCommand: namespaceCommand())
        let handlers = waiting.withLock { state -> [@Sendable (Known) -> Void] in
            state.known = known
            defer { state.handlers = [] }
            return state.handlers
        }
        handlers.forEach { $0(known) }
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
