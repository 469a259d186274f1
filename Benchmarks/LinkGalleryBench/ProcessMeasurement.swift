import Foundation

/// A command timed as a whole process (start included), plus its peak memory.
struct ProcessMeasurement {
    let timing: Timing
    let peakMemoryMiB: Double?

    init(runs: Int, _ arguments: [String], context: BenchContext) throws {
        timing = try Timing.measure(runs: runs) { () throws(SpawnedProcess.Failure) in try SpawnedProcess.run(arguments) }
        peakMemoryMiB = PeakMemory.mebibytes(of: arguments, scratch: context.workFolder)
    }

    /// "peak RSS 40 MiB vs 7 MiB", or nothing when memory could not be measured.
    static func memoryNote(app: Double?, reference: Double?) -> String {
        guard let app, let reference else { return "" }
        return String(format: "peak RSS %.0f MiB vs %.0f MiB", app, reference)
    }
}
