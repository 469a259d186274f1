import CSandbox
import Foundation
import Glibc

/// What /proc says of a worker: its decoder process, the memory it holds, the CPU it used and
/// whether it still runs — how the pool retires a worker and tells a starved decode from a hung
/// one.
extension DecodeWorkerProcess {
    /// Memory the decoder holds now (its resident set), from /proc; nil when unreadable.
    var residentBytes: Int? { Self.residentBytes(of: decoderProcess) }

    private static func residentBytes(of process: pid_t) -> Int? {
        guard let status = ProcFile.read("/proc/\(process)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kibibytes.multipliedReportingOverflow(by: 1024).overflow ? nil : kibibytes * 1024
    }

    /// Memory the decoder holds now, counted as the pool retires workers by: its resident set,
    /// and every memfd it keeps a descriptor of at its whole size (issue 42: a worker could keep
    /// filled reply memfds while its own resident set read 1.6 MB); with `mappings`, every memfd
    /// it keeps mapped too. Mappings take the kernel most of a millisecond to list, so the pool
    /// looks at them every `mappingsEvery` requests; between, what a worker maps is bounded by
    /// its address-space limit. Nil when /proc cannot say.
    func heldBytes(mappings: Bool) -> Int? {
        let process = decoderProcess // found once: it reads /proc twice
        let memfds = sandbox_held_memfd_bytes(process, mappings ? 1 : 0)
        guard let resident = Self.residentBytes(of: process), memfds >= 0 else { return nil }
        let (total, overflow) = resident.addingReportingOverflow(Int(memfds))
        return overflow ? Int.max : total
    }

    static let mappingsEvery = 32

    /// The decoder's own process: bubblewrap's child's child (bubblewrap runs a reaper as PID 1
    /// of the new namespace, which starts the worker), or the spawned process itself.
    var decoderProcess: pid_t {
        var current = pid
        for _ in 0..<2 {
            let children = ProcFile.read("/proc/\(current)/task/\(current)/children") ?? ""
            guard let child = children.split(separator: " ").first.flatMap({ pid_t($0) }) else { break }
            current = child
        }
        return current
    }

    /// CPU seconds the decoder has used, from /proc (for telling a starved decode from a bomb).
    var cpuSeconds: Double? {
        guard let fields = statFields else { return nil }
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// True while one of the decoder's threads runs or waits for a CPU (state R), false when all
    /// of them sleep: a decode starved by a busy machine is runnable (its main thread may wait
    /// for a helper thread that is), a hung one is not.
    var isRunnable: Bool {
        let process = decoderProcess
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        return threads.prefix(256).contains { thread in
            guard let stat = ProcFile.read("/proc/\(process)/task/\(thread)/stat"), let end = stat.lastIndex(of: ")") else {
                return false
            }
            return stat[stat.index(after: end)...].split(separator: " ").first == "R"
        }
    }

    /// The fields of /proc/<decoder>/stat after the command name (the state first).
    private var statFields: [Substring]? {
        guard let stat = ProcFile.read("/proc/\(decoderProcess)/stat"), let end = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: end)...].split(separator: " ")
    }
}
