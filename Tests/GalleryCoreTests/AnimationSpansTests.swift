import Foundation
import GalleryTestSupport
@testable import GalleryCore
import TestRequirements
import XCTest

/// An animation longer than the frames the app holds at once plays in spans of frames by
/// index (issue 52), where it used to stand still: the page brings the first span, each later
/// one is asked for by the index of its first frame from the picture the worker holds open
/// (no bytes cross again), and after the last the first comes again. In every format that
/// moves, through real workers, a real HTTP server and the real disk cache; every frame is
/// compared with the picture its encoder was given (made and read by Pillow, not the app).
final class AnimationSpansTests: XCTestCase {
    private static let frameCount = 7
    private static let frameBytes = 64 * 48 * 4
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("animation-spans-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    func testALongAnimationPlaysInSpansOfFramesByIndex() async throws {
        let server = try FixtureServer.shared()
        let fixtures = try AnimationFixtures(frameCount: Self.frameCount)
        let files: [(String, Data, tolerance: Int)] = [
            ("gif", try fixtures.data("animation.gif"), 2), ("png", try fixtures.data("animation.png"), 0),
            ("webp", try fixtures.data("animation.webp"), 0), ("avif", try fixtures.avif(), 3), ("jxl", try fixtures.jxl(), 0),
        ]
        let references = try fixtures.framePNGs.map { try ExternalReference.read(URL(fileURLWithPath: $0)) }
        var configuration = ImageRepository.Configuration()
        configuration.maxAnimationBytes = 4 * Self.frameBytes // seven frames do not fit: spans of two
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: root), configuration: configuration)
        for (name, data, tolerance) in files {
            let url = try server.writeFile(name: "long-\(FixtureServer.uniqueTag()).\(name)", contents: data)
            _ = try await repository.original(bytesFor: url, priority: .interactive)
            let (opens, frameMessages, bytes) = (WorkerTraffic.messages(.open), WorkerTraffic.messages(.frame), WorkerTraffic.pictureBytes)
            let page = try await repository.original(for: url, fitting: PixelSize(width: 1280, height: 800), priority: .interactive)
            var span = try XCTUnwrap(page.animation, "\(name): the page plays")
            let spans = try XCTUnwrap(page.animationSpans, "\(name): later spans are there to ask for")
            XCTAssertFalse(span.isWhole, name)
            XCTAssertEqual(span.frames.count, 2, "\(name): a span holds two frames, half the bytes")
            var frames = span.frames, firsts = [span.firstFrame]
            while !span.reachesEnd, frames.count <= Self.frameCount {
                let next = await spans.frames(from: span.nextFrame)
                span = try XCTUnwrap(next, "\(name): the span from \(span.nextFrame)")
                firsts.append(span.firstFrame)
                frames += span.frames
            }
            XCTAssertEqual(firsts, [0, 2, 4, 6], "\(name): each span starts where the one before it ended")
            XCTAssertEqual(frames.map(\.milliseconds), (0..<Self.frameCount).map(AnimationFixtures.duration), "\(name): every frame, in order")
            for (index, (frame, reference)) in zip(frames, references).enumerated() {
                let difference = try XCTUnwrap(reference.difference(from: frame.texture), "\(name) frame \(index): its size")
                XCTAssertLessThanOrEqual(difference.largestOfMost, tolerance, "\(name) frame \(index) against the frame encoded")
            }
            XCTAssertEqual(span.nextFrame, 0, "\(name): after the last span, the first")
            let again = await spans.frames(from: 0)
            XCTAssertEqual(again?.frames.count, 2, "\(name): the first span again, for the next loop")
            XCTAssertEqual(WorkerTraffic.messages(.open) - opens, 1, "\(name): opened once")
            XCTAssertEqual(WorkerTraffic.messages(.frame) - frameMessages, 5, "\(name): one request a span")
            XCTAssertEqual(WorkerTraffic.pictureBytes - bytes, data.count, "\(name): its bytes crossed once")
        }
    }

    /// Past the frames the container counts there is no span; before it, no request is made.
    func testNoSpanStartsPastTheLastFrame() throws {
        let data = try AnimationFixtures(frameCount: Self.frameCount).data("animation.webp")
        let extent = try XCTUnwrap(AnimationExtent(frameCount: Self.frameCount, canvas: PixelSize(width: 64, height: 48)))
        let frames = WorkerTraffic.messages(.frame)
        for first in [-1, Self.frameCount, Int.max] {
            XCTAssertNil(try ImageDecoder.animationFrames(of: PictureBytes(oneOff: data), from: first, extent: extent,
                                                          maxAnimationBytes: 4 * Self.frameBytes))
        }
        XCTAssertEqual(WorkerTraffic.messages(.frame), frames)
        XCTAssertEqual(extent.spanBytes(within: 4 * Self.frameBytes), 2 * Self.frameBytes)
        XCTAssertEqual(extent.spanBytes(within: 7 * Self.frameBytes), 7 * Self.frameBytes, "all seven fit: one span")
        XCTAssertNil(extent.spanBytes(within: 3 * Self.frameBytes), "a span of one frame: the still")
    }
}
