import Synchronization

/// What the fault suite threw at GalleryCore, summed over its tests, for the one summary line
/// `FaultSuiteTests` prints when the class finishes ("N faults, M inputs, …").
///
/// A fault is one kind of hostile condition (a links file of binary garbage, a read-only cache
/// folder, a truncated thumbnail…); an input is one concrete case of it (one garbage file, one
/// corrupted file). Only tests that passed add to "survived"; failed and skipped ones are listed.
final class FaultTally: Sendable {
    static let shared = FaultTally()

    private struct Counts {
        var faults = 0
        var inputs = 0
        var passed = 0
        var failed: [String] = []
        var skipped: [String] = []
        var damagedShown: [String] = []
    }

    private let counts = Mutex(Counts())

    func record(test: String, faults: Int, inputs: Int, passed: Bool, skipped: Bool) {
        counts.withLock { counts in
            if skipped {
                counts.skipped.append(test)
            } else if passed {
                counts.passed += 1
                counts.faults += faults
                counts.inputs += inputs
            } else {
                counts.failed.append(test)
            }
        }
    }

    /// A damaged cache file came back as an image with wrong pixels (the test fails too).
    func damagedDataShown(_ what: String) {
        counts.withLock { $0.damagedShown.append(what) }
    }

    var summary: String {
        counts.withLock { counts in
            var line = "Fault suite: \(counts.faults) faults, \(counts.inputs) inputs in \(counts.passed) passing tests"
            let outcome = counts.damagedShown.isEmpty ? "no cached data was lost or shown damaged"
                : "no cached data was lost, but damaged data was shown \(counts.damagedShown.count) times"
            line += counts.failed.isEmpty ? "; nothing crashed, \(outcome)" : "; FAILED: \(counts.failed.joined(separator: ", "))"
            if !counts.skipped.isEmpty { line += "; skipped: \(counts.skipped.joined(separator: ", "))" }
            for what in counts.damagedShown { line += "\nFault suite: damaged data shown as an image: \(what)" }
            return line
        }
    }
}
