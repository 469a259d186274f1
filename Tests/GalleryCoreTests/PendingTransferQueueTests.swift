import Foundation
@testable import GalleryCore
import XCTest

/// Cancel messages name transfers by object address, and addresses are reused: a message that
/// arrives late must not drop a newer transfer someone is still waiting for.
final class PendingTransferQueueTests: XCTestCase {
    func testACancelOnlyDropsATransferNobodyWaitsFor() async {
        var queue = PendingTransferQueue()
        let waiting = TransferCompletion()
        let order = TransferOrder(request: HTTPRequest(url: URL(string: "http://127.0.0.1:9/a.png")!), completion: waiting)
        let result = await withCheckedContinuation { continuation in
            XCTAssertTrue(waiting.attach(continuation))
            queue.push(order)

            // A stale cancel with this order's id (its address reused): the task still waits.
            queue.removeCancelled(id: order.id)
            XCTAssertFalse(queue.isEmpty, "a transfer with a waiting task was dropped")

            // Cancelled for real: the task has its answer and the queue lets the order go.
            waiting.cancel()
            queue.removeCancelled(id: order.id)
            XCTAssertTrue(queue.isEmpty)
        }
        XCTAssertEqual(result.failureValue, .cancelled)
    }
}

private extension Result {
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
