import Foundation
import TestRequirements
import XCTest

/// Measures how far the process's peak resident memory (VmHWM) rises while `body` runs.
/// Writing "5" to /proc/self/clear_refs resets the peak to the current RSS (Linux ≥ 4.0), so the
/// result is not hidden behind an earlier, higher peak of another test.
enum PeakMemory {
    static func measure(_ body: () throws -> Void) throws -> Int {
        let before = try resetPeak()
        try body()
        return try rise(since: before)
    }

    /// The same around async work (a repository's loads).
    static func measure(_ body: () async throws -> Void) async throws -> Int {
        let before = try resetPeak()
        try await body()
        return try rise(since: before)
    }

    /// Resets the peak and returns the resident set in kilobytes.
    private static func resetPeak() throws -> Int {
        guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs"),
              (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        else { throw TestRequirement.missing("cannot reset the peak RSS here") }
        return try residentKilobytes("VmRSS")
    }

    private static func rise(since before: Int) throws -> Int {
        max(0, try residentKilobytes("VmHWM") - before) * 1024
    }

    private static func residentKilobytes(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            if let value = Int(line.filter(\.isNumber)) { return value }
        }
        throw TestRequirement.missing("no \(field) in /proc/self/status")
    }
}
