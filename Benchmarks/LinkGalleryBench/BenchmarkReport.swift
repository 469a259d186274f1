import Foundation

/// The Markdown the benchmark prints: machine, method, then one table per section.
struct BenchmarkReport {
    private let machine = MachineDescription.current()
    private let loadAtStart = MachineDescription.loadAverage()
    private var loadAtEnd = ""
    private let runs: Int
    private let toolVersions: [String]
    private var body = ""

    init(context: BenchContext) {
        runs = context.runs
        toolVersions = [
            "gdk-pixbuf " + (ToolVersion.firstLine(of: ["/usr/bin/dpkg-query", "-W", "-f=${Version}", "libgdk-pixbuf-2.0-0"]) ?? "?"),
            context.tool("vips").flatMap { ToolVersion.firstLine(of: [$0, "--version"]) } ?? "vips not installed",
        ]
    }

    mutating func add(_ section: BenchmarkSuite.Section, rows: [BenchmarkRow]) {
        body += "\n## \(section.title)\n\n\(section.explanation)\n\n"
        body += "| Benchmark | App | Reference | App / reference | Note |\n|---|---:|---:|---:|---|\n"
        for row in rows {
            let cells = [row.name, row.app, row.reference, row.ratio, row.note].map { $0.replacingOccurrences(of: "|", with: "\\|") }
            body += "| " + cells.joined(separator: " | ") + " |\n"
        }
    }

    mutating func finish() {
        loadAtEnd = MachineDescription.loadAverage()
    }

    func markdown() -> String {
        """
        # Link Gallery benchmark results

        - Machine: \(machine.processors) × \(machine.cpuModel), \(machine.memory) RAM, Linux \(machine.kernel)
        - Load average (1 min): \(loadAtStart) at start, \(loadAtEnd) at end — other work skews the numbers
        - Tools: \(toolVersions.joined(separator: ", "))
        - Each value is the median of \(runs) runs after one unmeasured warm-up run. Ratios are
          app ÷ reference, measured in the same run: below 1.00× the app is faster.

        """ + body
    }
}
