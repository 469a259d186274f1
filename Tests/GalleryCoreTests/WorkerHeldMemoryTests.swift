import Foundation
import Glibc
@testable import GalleryCore
import XCTest

/// Issue 42: a worker cannot hold memory the app does not count. Each reply's memfd is cut to
/// the body its header announced before the app seals it, and a worker that keeps the memfds
/// (`DecodeWorkerFault.hoardsReplies`, which also fills each to the 8 MiB it was given) is retired once
/// what it holds — its resident set and every memfd it keeps — passes the pool's bound.
final class WorkerHeldMemoryTests: XCTestCase {
    func testAReplyMemfdHoldsWhatItsHeaderAnnouncedAndAHoardingWorkerIsRetired() throws {
        let launch = try XCTUnwrap(DecodeWorkerLaunch.current, "the app's executable is beside the tests")
        let executable = try XCTUnwrap(launch.arguments.last { $0.hasSuffix("link-gallery") })
        let picture = TestImages.encoded(width: 1024, height: 768, as: "bmp")
        let replyLength = 1024 * 768 * 3 // RGB
        XCTAssertGreaterThanOrEqual(replyLength, SharedMemory.worthIt, "the reply comes in its memfd")
        let bound = 160 << 20
        let hoarding = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .hoardsReplies),
                                        retireAbove: bound)
        try decode(picture, in: hoarding)
        let decoder = try XCTUnwrap(hoarding.idleDecoderProcesses.first)
        XCTAssertEqual(replyMemfdSizes(of: decoder, once: { $0.count == 1 }), [replyLength],
                       "cut to the reply the header announced, not the 8 MiB it was given")

        // 60 more replies kept are 180 MiB: counted, they retire the worker on the way.
        for _ in 0..<60 { try decode(picture, in: hoarding) }
        XCTAssertGreaterThan(hoarding.startedCount, 1, "retired for the memfds it keeps")
        for process in hoarding.idleDecoderProcesses {
            XCTAssertLessThanOrEqual(replyMemfdSizes(of: process).reduce(0, +), bound + replyLength)
        }

        // A worker that keeps nothing is never retired for it.
        let healthy = DecodeWorkerPool(size: 1, launch: DecodeWorkerLaunch(executable: executable, bubblewrap: true), retireAbove: bound)
        for _ in 0..<20 { try decode(picture, in: healthy) }
        XCTAssertEqual(healthy.startedCount, 1)
        XCTAssertEqual(healthy.idleDecoderProcesses.flatMap { replyMemfdSizes(of: $0, once: \.isEmpty) }, [],
                       "an honest worker keeps no reply")
    }

    /// The sizes of the reply memfds `process` holds once `settled` says so: a worker closes its
    /// own descriptor of the last reply a moment after the app has read it. (A liveness bound of
    /// ten seconds, for a state reached in microseconds.)
    private func replyMemfdSizes(of process: pid_t, once settled: ([Int]) -> Bool) -> [Int] {
        let deadline = ContinuousClock.now + .seconds(10)
        var sizes = replyMemfdSizes(of: process)
        while !settled(sizes), ContinuousClock.now < deadline {
            usleep(1000)
            sizes = replyMemfdSizes(of: process)
        }
        return sizes
    }

    /// The sizes of the reply memfds `process` holds a descriptor of.
    private func replyMemfdSizes(of process: pid_t) -> [Int] {
        let folder = "/proc/\(process)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { name in
            let path = folder + "/" + name
            var about = stat()
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path))?.hasPrefix("/memfd:link-gallery-pixels") == true,
                  stat(path, &about) == 0 else { return nil }
            return Int(about.st_size)
        }
    }

    private func decode(_ data: Data, in pool: DecodeWorkerPool) throws {
        let limits = DecodeWorkerPool.rasterLimits
        let request = DecodeRequest(fit: .inside(maxSide: 1024), maxPixels: ImageDecoder.defaultMaxPixels,
                                    limits: limits, dataLength: data.count)
        let reply = try pool.decode(PictureBytes(oneOff: data), request: request, limits: limits, maxBodyLength: 8 << 20, cancellation: nil)
        guard case .picture = reply.header.status else { return XCTFail("\(reply.header.status)") }
    }
}
