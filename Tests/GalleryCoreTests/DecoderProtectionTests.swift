import CSandbox
import Foundation
import Glibc
@testable import GalleryCore
import XCTest

/// Issue 42: without bubblewrap, a worker puts the strongest protection this computer allows in
/// place — Landlock, else a mount namespace of its own, else a filter that opens no file — and
/// says which (`DecoderProtection`), for the window's notice. Each weaker one is asked for here
/// by skipping the stronger ones (`DecoderProtection.skippedVariable`): in each, the person's
/// files and the app's memory are out of the worker's reach, and pictures still decode.
final class DecoderProtectionTests: XCTestCase {
    private func executable() throws -> String {
        let launch = try XCTUnwrap(DecodeWorkerLaunch.current, "the app's executable is beside the tests")
        return try XCTUnwrap(launch.arguments.last { $0.hasSuffix("link-gallery") })
    }

    func testEachFallbackKeepsHomeAndTheAppsMemoryOutOfReachAndSaysWhatItIs() throws {
        let executable = try executable()
        let home = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".link-gallery-probe-\(getpid())")
        try Data("secret".utf8).write(to: home)
        defer { try? FileManager.default.removeItem(at: home) }
        let ownMemory = "/proc/\(getpid())/mem"
        XCTAssertGreaterThanOrEqual(open(ownMemory, O_RDONLY).closingIfOpen, 0, "the test reads its own memory")

        let fallbacks: [([String], DecoderProtection)] = [([], .landlock), (["landlock"], .privateMounts),
                                                          (["landlock", "mounts"], .filterOnly)]
        for (skipped, expected) in fallbacks {
            let launch = DecodeWorkerLaunch(executable: executable, bubblewrap: false, skipping: skipped)
            let worker = try XCTUnwrap(DecodeWorkerProcess.start(launch), "\(expected)")
            XCTAssertEqual(worker.protection, expected, "skipping \(skipped)")
            worker.kill()
            XCTAssertTrue(try launch.refuses("read-home", home.path), "\(expected): a file in home")
            // The probe's parent is this test, as a worker's is the app.
            XCTAssertTrue(try launch.refuses("read-home", ownMemory), "\(expected): the parent's memory")
            XCTAssertTrue(try launch.refuses("write-file", "/tmp"), "\(expected): no file is made")
            XCTAssertTrue(try launch.refuses("exec", ""), "\(expected)")

            let pool = DecodeWorkerPool(size: 1, launch: launch)
            for type in ["bmp", "tiff", "jpeg", "png"] {
                XCTAssertNoThrow(try decode(TestImages.encoded(width: 48, height: 32, as: type), in: pool), "\(expected): \(type)")
            }
            let gif = HostileImages.gif(canvasWidth: 48, canvasHeight: 32, frameWidth: 48, frameHeight: 32)
            XCTAssertNoThrow(try decode(gif, in: pool), "\(expected): GIF")
            XCTAssertNoThrow(try decode(HostileImages.goodSVG, in: pool, limits: DecodeWorkerPool.vectorLimits), "\(expected): SVG")
            for fixture in ["avif-sample-images/plum-blossom-small.profile0.8bpc.yuv420.alpha-full.avif", "jxl-conformance/grayscale.jxl"] {
                let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(fixture))
                XCTAssertNoThrow(try decode(data, in: pool), "\(expected): \(fixture)")
            }
            XCTAssertEqual(pool.startedCount, 1, "\(expected): one worker decoded them all")
        }
    }

    /// Issue 53's side doors, tried by a worker as an exploited decoder would (`triesSideDoors`:
    /// it dies if one opens), under bubblewrap and each fallback: a file by a relative path in
    /// the folder the app was started from (a private mount covers that folder, but a working
    /// folder kept inside it still reaches it), and making itself undumpable so the app cannot
    /// count the memory it holds. Every picture decodes: both doors are shut everywhere.
    func testNoWorkerReachesTheAppsFolderByARelativePathOrHidesItsMemory() throws {
        let executable = try executable()
        let folder = try TemporaryDirectory()
        try Data("secret".utf8).write(to: folder.url.appendingPathComponent(DecodeWorkerFault.secretFileName))
        let started = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.url.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(started) }
        XCTAssertGreaterThanOrEqual(open(DecodeWorkerFault.secretFileName, O_RDONLY).closingIfOpen, 0, "the app reads it there")

        let launches = [DecodeWorkerLaunch(executable: executable, bubblewrap: true, fault: .triesSideDoors)]
            + [[], ["landlock"], ["landlock", "mounts"]].map {
                DecodeWorkerLaunch(executable: executable, bubblewrap: false, fault: .triesSideDoors, skipping: $0)
            }
        for launch in launches {
            let pool = DecodeWorkerPool(size: 1, launch: launch)
            for type in ["bmp", "png"] {
                XCTAssertNoThrow(try decode(TestImages.encoded(width: 48, height: 32, as: type), in: pool), "\(launch.arguments): \(type)")
            }
            XCTAssertEqual(pool.startedCount, 1, "\(launch.arguments): no worker died trying")
        }
    }

    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    private func decode(_ data: Data, in pool: DecodeWorkerPool, limits: DecodeWorkerPool.Limits = DecodeWorkerPool.rasterLimits) throws {
        let request = DecodeRequest(fit: .inside(maxSide: 256), maxPixels: ImageDecoder.defaultMaxPixels,
                                    limits: limits, dataLength: data.count)
        let reply = try pool.decode(PictureBytes(oneOff: data), request: request, limits: limits, maxBodyLength: 1 << 20, cancellation: nil)
        if case .failed(let error) = reply.header.status { throw error }
    }
}

private extension Int32 {
    /// The descriptor closed again, for a check that only asks whether `open` succeeded.
    var closingIfOpen: Int32 {
        if self >= 0 { close(self) }
        return self
    }
}
