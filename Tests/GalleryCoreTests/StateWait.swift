import Foundation

/// Waits for a state, never for a time: polls `condition` and throws, naming `what`, if it has
/// not come within `limit` (generous, for a loaded 2-core machine), so a regression fails the
/// test instead of hanging the run.
func waitUntil(_ what: String, within limit: Duration = .seconds(60), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { throw NeverHappened(what: what, limit: limit) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

struct NeverHappened: Error, CustomStringConvertible {
    let what: String
    let limit: Duration
    var description: String { "not within \(limit): \(what)" }
}
