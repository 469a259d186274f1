import Foundation
import XCTest

/// What a test needs from the machine: a tool, root, a kernel feature. Where it is missing the
/// test is skipped on a developer's machine, and fails where every test must run — under
/// `tools/test` and in CI (`CI` set), which install every tool the tests use — so a suite that
/// tested less can never pass there.
public enum TestRequirement {
    /// True under `tools/test` and in CI.
    public static var everyTestMustRun: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }

    /// What to throw when `reason` stops the test on this machine.
    public static func missing(_ reason: String) -> any Error {
        everyTestMustRun ? Missing(reason: reason) : XCTSkip(reason)
    }

    struct Missing: Error, CustomStringConvertible {
        let reason: String
        var description: String { "missing here, and every test must run here (CI): \(reason)" }
    }
}
