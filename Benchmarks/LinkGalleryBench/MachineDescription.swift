import Foundation

/// The machine the numbers were taken on, read from /proc: ratios travel between machines far
/// better than milliseconds, but both need to say where they came from.
struct MachineDescription {
    let processors: Int
    let cpuModel: String
    let memory: String
    let kernel: String

    static func current() -> MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = value(of: "model name", in: cpuinfo, separator: ":") ?? "unknown CPU"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memoryKiB = value(of: "MemTotal", in: meminfo, separator: ":")
            .flatMap { Double($0.split(separator: " ").first ?? "") }
        let memory = memoryKiB.map { String(format: "%.1f GiB", $0 / 1024 / 1024) } ?? "unknown"
        let kernel = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        return MachineDescription(processors: ProcessInfo.processInfo.activeProcessorCount,
                                  cpuModel: model, memory: memory, kernel: kernel)
    }

    /// The 1-minute load average: other work on the machine skews every number, so say so.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.map(String.init) ?? "unknown"
    }

    private static func value(of key: String, in text: String, separator: Character) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            guard let index = line.firstIndex(of: separator) else { continue }
            return line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
