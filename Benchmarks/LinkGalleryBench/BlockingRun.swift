import Foundation

/// Async work run to its end from a synchronous benchmark.
enum BlockingRun {
    final class Box<Value>: @unchecked Sendable { // written by one task, read after it ended
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    static func run(_ work: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Box<(any Error)?>(nil)
        Task {
            do { try await work() } catch { failure.value = error }
            done.signal()
        }
        done.wait()
        if let error = failure.value { throw error }
    }
}
