import CGtk
import Foundation
@testable import GalleryCore
import XCTest

/// Animated GIFs made by a real encoder (PIL), decoded by the real gdk-pixbuf GIF loader.
final class AnimatedGIFTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil // removes the folder
    }

    /// Three solid frames: red 100 ms, green 200 ms, blue 300 ms (`frames` 1: red alone, a still
    /// GIF); `loop` nil writes no NETSCAPE block.
    private func gif(loop: Int?, width: Int = 40, height: Int = 30, frames: Int = 3) throws -> Data {
        let file = directory.url.appendingPathComponent("anim-\(UUID().uuidString).gif")
        let loopArgument = loop.map { ", loop=\($0)" } ?? ""
        let script = """
        import sys
        from PIL import Image
        frames = [Image.new("RGB", (\(width), \(height)), c) for c in [(255, 0, 0), (0, 255, 0), (0, 0, 255)]][:\(frames)]
        frames[0].save(sys.argv[1], format="GIF", save_all=True, append_images=frames[1:],
                       duration=[100, 200, 300][:\(frames)]\(loopArgument))
        """
        XCTAssertTrue(try TestImages.python(script, arguments: [file.path]), "python3-pil must be installed")
        return try Data(contentsOf: file)
    }

    /// A viewer page: a GIF that plays comes at full size with its frames, a still one is
    /// fitted to the screen like any picture (it was decoded whole, up to 8192 px, before).
    func testOnAPageAStillGIFIsScreenSizedAndAPlayingOneFullSize() throws {
        let screen = PixelSize(width: 300, height: 200)
        let still = try ImageDecoder.original(from: try gif(loop: nil, width: 1200, height: 900, frames: 1), fitting: screen)
        XCTAssertNil(still.animation)
        XCTAssertEqual([still.texture.pixelWidth, still.texture.pixelHeight], [267, 200])
        XCTAssertTrue(still.isScreenSized)
        XCTAssertEqual(still.sourceSize, PixelSize(width: 1200, height: 900))

        let playing = try ImageDecoder.original(from: try gif(loop: 0, width: 600, height: 450), fitting: screen)
        XCTAssertEqual(playing.animation?.frames.count, 3)
        XCTAssertEqual([playing.texture.pixelWidth, playing.texture.pixelHeight], [600, 450], "frames at full size")
        XCTAssertFalse(playing.isScreenSized)
    }

    func testEveryFrameIsDecodedWithItsDelayAndColour() throws {
        let image = try ImageDecoder.original(from: try gif(loop: 0))
        let animation = try XCTUnwrap(image.animation)
        XCTAssertEqual(animation.frames.map(\.milliseconds), [100, 200, 300])
        XCTAssertEqual(animation.loopCount, 0)
        let colours = animation.frames.map { TestImages.pixel(of: $0.texture.texture, x: 20, y: 15) }
        XCTAssertEqual(colours.map(\.red), [255, 0, 0])
        XCTAssertEqual(colours.map(\.green), [0, 255, 0])
        XCTAssertEqual(colours.map(\.blue), [0, 0, 255])
        XCTAssertTrue(image.texture === animation.frames[0].texture, "the still is the first frame")
        XCTAssertEqual(animation.byteCost, 3 * 40 * 30 * 4)
        XCTAssertEqual(image.sourceWidth, 40)
    }

    func testAnimationOverTheByteBudgetIsShownAsAStill() throws {
        let data = try gif(loop: 0)
        let image = try ImageDecoder.original(from: data, maxAnimationBytes: 2 * 40 * 30 * 4)
        XCTAssertNil(image.animation)
        XCTAssertEqual(image.texture.pixelWidth, 40)
        XCTAssertEqual(TestImages.pixel(of: image.texture.texture, x: 1, y: 1).red, 255, "the first frame")
    }

    func testStillImagesHaveNoAnimation() throws {
        XCTAssertNil(try ImageDecoder.original(from: Data(TestImages.gif1x1)).animation)
        XCTAssertNil(try ImageDecoder.original(from: TestImages.encoded(width: 32, height: 32, as: "png")).animation)
    }

    func testStructureGivesFrameAndLoopCounts() throws {
        XCTAssertEqual(GIFStructure.summary(of: try gif(loop: 0)), .init(frameCount: 3, loopCount: 0))
        XCTAssertEqual(GIFStructure.summary(of: try gif(loop: 4)), .init(frameCount: 3, loopCount: 4))
        XCTAssertEqual(GIFStructure.summary(of: try gif(loop: nil)), .init(frameCount: 3, loopCount: 1),
                       "without a NETSCAPE block a GIF plays once")
        XCTAssertEqual(GIFStructure.summary(of: Data(TestImages.gif1x1)), .init(frameCount: 1, loopCount: 1))
        XCTAssertNil(GIFStructure.summary(of: TestImages.encoded(width: 8, height: 8, as: "png")))
    }

    func testPlayOnceAnimationKeepsItsLoopCount() throws {
        let animation = try XCTUnwrap(try ImageDecoder.original(from: try gif(loop: nil)).animation)
        XCTAssertEqual(animation.loopCount, 1)
        XCTAssertEqual(animation.frames.count, 3)
    }

    func testAScreenSizedDecodeKeepsEveryFrameAtFullSize() throws {
        let image = try ImageDecoder.original(from: try gif(loop: 0, width: 400, height: 300),
                                              fitting: PixelSize(width: 100, height: 100))
        XCTAssertEqual(image.animation?.frames.count, 3)
        XCTAssertEqual(image.texture.pixelWidth, 400)
        XCTAssertFalse(image.isScreenSized)
    }
}
