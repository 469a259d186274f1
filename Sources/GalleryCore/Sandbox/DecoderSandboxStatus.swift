import Foundation

/// What the app's decoder sandbox is doing, for the benchmark and diagnostics.
public enum DecoderSandboxStatus {
    /// True when the workers run inside bubblewrap (false: the plain fallback).
    public static var usesBubblewrap: Bool { DecodeWorkerLaunch.current?.usesBubblewrap ?? false }

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
