import Foundation

/// A command's peak resident set size, from GNU time's `%M` in one extra, untimed run.
///
/// `/usr/bin/time` is small, so the child it forks starts from a small peak; a child spawned
/// directly from this process would inherit our own peak across exec (Linux keeps the larger
/// of the two in `ru_maxrss`). `nil` when GNU time is not installed (Debian package `time`).
enum PeakMemory {
    static let timeCommand = "/usr/bin/time"

    static func mebibytes(of arguments: [String], scratch: URL) -> Double? {
        guard FileManager.default.isExecutableFile(atPath: timeCommand) else { return nil }
        let report = scratch.appendingPathComponent("peak-rss.txt")
        guard (try? SpawnedProcess.run([timeCommand, "-f", "%M", "-o", report.path] + arguments)) != nil,
              let text = try? String(contentsOf: report, encoding: .utf8),
              let kibibytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "")
        else { return nil }
        return kibibytes / 1024
    }
}
