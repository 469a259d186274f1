import Foundation
@testable import GalleryCore
import XCTest

/// Issue 53: one warm worker served every site and every list for up to 500 requests, so a
/// decoder a crafted picture took over would read the next site's pictures and the next list.
/// Opening another list retires every worker: idle ones at once, a busy one when its decode
/// ends; the next list and its pictures are read by workers started for them.
final class WorkerPerListTests: XCTestCase {
    private func pool() throws -> DecodeWorkerPool {
        let executable = try XCTUnwrap(DecodeWorkerLaunch.workerExecutable)
        return DecodeWorkerPool(size: 2, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true))
    }

    private static func decode(_ data: Data, in pool: DecodeWorkerPool) throws {
        let limits = DecodeWorkerPool.rasterLimits
        let request = DecodeRequest(fit: .inside(maxSide: 256), maxPixels: ImageDecoder.defaultMaxPixels,
                                    limits: limits, dataLength: data.count)
        let reply = try pool.decode(PictureBytes(oneOff: data), request: request, limits: limits, maxBodyLength: 1 << 20, cancellation: nil)
        if case .failed(let error) = reply.header.status { throw error }
    }

    /// Polls `condition` from a test that blocks on decodes anyway, with a deadline.
    private func waitSync(_ what: String, within limit: Duration = .seconds(30), _ condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { throw NeverHappened(what: what, limit: limit) }
            usleep(5000)
        }
    }

    func testTheNextListIsReadByWorkersThatNeverReadTheLastOne() throws {
        let pool = try pool()
        let list = Data("https://example.com/a.jpg\n".utf8)
        XCTAssertNotNil(SandboxedPictureLoader(pool: pool).links(list))
        try Self.decode(TestImages.encoded(width: 64, height: 48, as: "png"), in: pool)
        let before = Set(pool.idleDecoderProcesses)
        XCTAssertEqual(pool.startedCount, 1, "one warm worker read the list and its picture")

        pool.retireEveryWorker()

        XCTAssertEqual(pool.idleCount, 0)
        try waitSync("the retired worker is gone") { before.allSatisfy { kill($0, 0) != 0 } }
        XCTAssertNotNil(SandboxedPictureLoader(pool: pool).links(list))
        try Self.decode(TestImages.encoded(width: 64, height: 48, as: "png"), in: pool)
        XCTAssertEqual(pool.startedCount, 2)
        XCTAssertTrue(Set(pool.idleDecoderProcesses).isDisjoint(with: before))
    }

    func testAWorkerBusyWhenAnotherListOpensFinishesItsPictureAndIsNotKept() throws {
        let pool = try pool()
        let photo = TestImages.encoded(width: 8000, height: 6000, as: "jpeg")
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Error?
        DispatchQueue.global().async {
            do { try Self.decode(photo, in: pool) } catch { outcome = error }
            finished.signal()
        }
        try waitSync("the photo's decode runs") { !pool.decodingProcesses.isEmpty }

        pool.retireEveryWorker()
        let retiredWhileBusy = pool.retiringCount
        finished.wait()

        XCTAssertEqual(retiredWhileBusy, 1, "it was decoding when the list changed (a photo of 48 MP takes seconds)")

        XCTAssertNil(outcome, "the picture under way is decoded")
        XCTAssertEqual(pool.idleCount, 0, "its worker is not kept for the next list")
    }
}
