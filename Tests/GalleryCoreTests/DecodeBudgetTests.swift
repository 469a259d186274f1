import Foundation
@testable import GalleryCore
import XCTest

/// The process-wide pixel budget on its own: who waits, who passes, and that a cancelled wait
/// leaves at once.
final class DecodeBudgetTests: XCTestCase {
    private let queue = DispatchQueue(label: "decode-budget-tests", attributes: .concurrent)

    /// Starts `acquire` on another thread and returns once it is blocked in the budget.
    private func blockedAcquire(
        _ budget: DecodeBudget, pixels: Int, cancellation: DecodeCancellation? = nil
    ) -> (done: DispatchSemaphore, result: Box) {
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        let waitingBefore = budget.waitingCount
        queue.async {
            box.reservation = budget.acquire(pixels: pixels, cancellation: cancellation)
            done.signal()
        }
        waitUntil { budget.waitingCount > waitingBefore || box.finished }
        return (done, box)
    }

    /// Polls a state, not a time: fails only if it never comes.
    private func waitUntil(_ condition: () -> Bool) {
        for _ in 0..<60_000 where !condition() { usleep(1000) }
        XCTAssertTrue(condition())
    }

    func testASecondDecodeWaitsUntilTheFirstGivesItsPixelsBack() {
        let budget = DecodeBudget(capacityPixels: 100)
        let first = budget.acquire(pixels: 60)
        XCTAssertEqual(budget.heldPixels, 60)
        let (done, second) = blockedAcquire(budget, pixels: 60)
        XCTAssertFalse(second.finished, "60 + 60 does not fit in 100")
        first?.release()
        done.wait()
        XCTAssertEqual(second.reservation?.pixels, 60)
        XCTAssertEqual(budget.heldPixels, 60)
        XCTAssertEqual(budget.peakPixels, 60, "never both at once")
    }

    func testSmallDecodesPassALargeOneThatWaits() {
        let budget = DecodeBudget(capacityPixels: 100)
        let held = budget.acquire(pixels: 60)
        let (largeDone, large) = blockedAcquire(budget, pixels: 80)
        let small = budget.acquire(pixels: 30)
        XCTAssertNotNil(small, "a thumbnail-sized decode is not stuck behind a bomb")
        XCTAssertFalse(large.finished)
        held?.release()
        small?.release()
        largeDone.wait()
        XCTAssertEqual(large.reservation?.pixels, 80)
    }

    func testARequestOverTheWholeBudgetRunsAloneInsteadOfNever() {
        let budget = DecodeBudget(capacityPixels: 100)
        let huge = budget.acquire(pixels: 5_000)
        XCTAssertEqual(huge?.pixels, 100)
        let (done, next) = blockedAcquire(budget, pixels: 1)
        XCTAssertFalse(next.finished)
        huge?.release()
        done.wait()
        XCTAssertNotNil(next.reservation)
    }

    func testHeadroomLeftByTheLargestRequestKeepsSmallDecodesMoving() {
        let budget = DecodeBudget(capacityPixels: 116, largestRequestPixels: 100)
        let bomb = budget.acquire(pixels: 167)
        XCTAssertEqual(bomb?.pixels, 100, "a 100-megapixel original and its scaled copy, cut to the largest request")
        XCTAssertNotNil(budget.acquire(pixels: 16), "a thumbnail still fits beside it")
        withExtendedLifetime(bomb) {}
    }

    func testCancellingAWaitingDecodeEndsItsWaitAndTakesNothing() {
        let budget = DecodeBudget(capacityPixels: 100)
        let held = budget.acquire(pixels: 100)
        let cancellation = DecodeCancellation()
        let (done, waiter) = blockedAcquire(budget, pixels: 50, cancellation: cancellation)
        cancellation.cancel()
        done.wait()
        XCTAssertNil(waiter.reservation)
        XCTAssertEqual(budget.heldPixels, 100, "only the first decode holds pixels")
        XCTAssertEqual(budget.waitingCount, 0)
        held?.release()
        XCTAssertEqual(budget.heldPixels, 0)
    }

    /// A real decode blocked in the loader's size-prepared (before its pixels exist) until the
    /// budget has room: cancelled there, it stops feeding the loader and holds nothing.
    func testADecodeWaitingForPixelsIsCancelledBeforeItAllocatesAny() {
        let budget = DecodeBudget(capacityPixels: 1_000_000)
        let png = HostileImages.blackPNG(width: 2000, height: 2000)
        let others = budget.acquire(pixels: 1_000_000)
        let cancellation = DecodeCancellation()
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        queue.async {
            let gate = LoaderSizeGate(maxPixels: 100_000_000, maxSide: 8192, budget: budget, cancellation: cancellation)
            do {
                _ = try PixbufLoading.load(png, gate: gate, imageType: "png")
                outcome.set(nil)
            } catch {
                outcome.set(ImageLoadError(error))
            }
            done.signal()
        }
        waitUntil { budget.waitingCount == 1 }
        cancellation.cancel()
        done.wait()
        XCTAssertEqual(outcome.error, .cancelled)
        XCTAssertEqual(budget.heldPixels, 1_000_000, "the cancelled decode took nothing")

        others?.release()
        let decoded = try? PixbufLoading.load(png, gate: LoaderSizeGate(maxPixels: 100_000_000, maxSide: 8192, budget: budget),
                                             imageType: "png")
        XCTAssertEqual(decoded?.declaredWidth, 2000, "with room, the same bytes decode")
        XCTAssertEqual(budget.heldPixels, 1_000_000, "held while its pixels live (cut to the whole budget)")
        withExtendedLifetime(decoded) {}
    }

    func testAForgottenReservationIsGivenBackWhenItGoesAway() {
        let budget = DecodeBudget(capacityPixels: 100)
        do {
            let reservation = budget.acquire(pixels: 70)
            XCTAssertEqual(budget.heldPixels, 70)
            withExtendedLifetime(reservation) {}
        }
        XCTAssertEqual(budget.heldPixels, 0)
    }
}

private final class Box: @unchecked Sendable { // written once before the semaphore signals
    private let lock = NSLock()
    private var stored: DecodeBudget.Reservation??
    var reservation: DecodeBudget.Reservation? {
        get { lock.withLock { stored ?? nil } }
        set { lock.withLock { stored = .some(newValue) } }
    }
    var finished: Bool { lock.withLock { stored != nil } }
}

private final class Outcome: @unchecked Sendable { // written once before the semaphore signals
    private let lock = NSLock()
    private var stored: ImageLoadError?
    func set(_ error: ImageLoadError?) { lock.withLock { stored = error } }
    var error: ImageLoadError? { lock.withLock { stored } }
}
