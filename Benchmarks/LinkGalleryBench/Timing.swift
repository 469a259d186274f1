import Foundation

/// The median of repeated wall-clock measurements, in milliseconds.
struct Timing: CustomStringConvertible {
    let medianMilliseconds: Double
    let runs: Int

    init(samples: [Duration]) {
        precondition(!samples.isEmpty)
        let sorted = samples.map(Self.milliseconds).sorted()
        let middle = sorted.count / 2
        medianMilliseconds = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        runs = sorted.count
    }

    /// Runs `body` once to warm up (loaders, caches, page cache), then `runs` times measured.
    static func measure<Failure: Error>(runs: Int, _ body: () throws(Failure) -> Void) throws(Failure) -> Timing {
        try body()
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<runs {
            let start = clock.now
            try body()
            samples.append(clock.now - start)
        }
        return Timing(samples: samples)
    }

    var description: String {
        medianMilliseconds < 10 ? String(format: "%.2f ms", medianMilliseconds) : String(format: "%.0f ms", medianMilliseconds)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
