import Foundation

/// Records the order decodes start in, and holds each until `letOneFinish()` lets one go.
final class StartOrder: @unchecked Sendable { // state under `condition`
    private let condition = NSCondition()
    private var started: [String] = []
    private var permits = 0

    var labels: [String] { condition.withLock { started } }
    var count: Int { condition.withLock { started.count } }

    func start(_ label: String) {
        condition.withLock {
            started.append(label)
            while permits == 0 { condition.wait() }
            permits -= 1
        }
    }

    func letOneFinish() {
        condition.withLock {
            permits += 1
            condition.broadcast()
        }
    }
}
