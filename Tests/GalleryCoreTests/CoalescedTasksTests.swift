import Foundation
@testable import GalleryCore
import Synchronization
import XCTest

final class CoalescedTasksTests: XCTestCase {
    func testConcurrentCallersShareOneRun() async throws {
        let tasks = CoalescedTasks<String, Int>()
        let runs = Counter()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await tasks.value(for: "key", priority: .visible) { _ in
                        runs.increment()
                        try await Task.sleep(for: .milliseconds(100))
                        return 42
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(results, Array(repeating: 42, count: 50))
        XCTAssertEqual(runs.value, 1)
        XCTAssertEqual(tasks.inFlightCount, 0)
    }

    func testOneCallerLeavingDoesNotCancelTheOthers() async throws {
        let tasks = CoalescedTasks<String, Int>()
        let operation: @Sendable () async throws -> Int = {
            try await Task.sleep(for: .milliseconds(300))
            return 7
        }
        let leaving = Task { try await tasks.value(for: "k", priority: .visible) { _ in try await operation() } }
        let staying = Task { try await tasks.value(for: "k", priority: .visible) { _ in try await operation() } }
        try await Task.sleep(for: .milliseconds(50))
        leaving.cancel()
        await XCTAssertThrowsErrorAsync(try await leaving.value)
        let value = try await staying.value
        XCTAssertEqual(value, 7)
    }

    func testLastCallerLeavingCancelsTheWorkAndALaterCallStartsAfresh() async throws {
        let tasks = CoalescedTasks<String, Int>()
        let cancelled = Counter()
        let task = Task {
            try await tasks.value(for: "k", priority: .visible) { _ in
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    cancelled.increment()
                    throw error
                }
                return 1
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await XCTAssertThrowsErrorAsync(try await task.value)
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(cancelled.value, 1)
        let fresh = try await tasks.value(for: "k", priority: .visible) { _ in 2 }
        XCTAssertEqual(fresh, 2)
    }

    func testAFailureIsNotRememberedSoRetryRunsAgain() async throws {
        let tasks = CoalescedTasks<String, Int>()
        struct Failure: Error {}
        await XCTAssertThrowsErrorAsync(try await tasks.value(for: "k", priority: .visible) { _ in throw Failure() })
        let value = try await tasks.value(for: "k", priority: .visible) { _ in 3 }
        XCTAssertEqual(value, 3)
    }
}

func XCTAssertThrowsErrorAsync<T>(_ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async {
    do {
        _ = try await expression()
        XCTFail("expected an error", file: file, line: line)
    } catch {}
}

