import CGtk
import Foundation
import GObjectSupport
import GalleryCore
import GalleryTestSupport
@testable import GalleryUI
import TestRequirements
import XCTest

/// An animation longer than the frames the app holds at once plays on screen (issue 52): the
/// viewer over the real `ImageRepository` and fixture server shows every frame of a GIF that
/// comes in spans, in order, and after the last the first again — where it used to stand still.
final class ViewerAnimationSpansTests: XCTestCase {
    private static let frameCount = 7
    private var cacheRoot: URL!

    override func setUpWithError() throws {
        cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-spans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cacheRoot, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: cacheRoot)
    }

    /// Seven 60×40 frames of 60 ms, frame `n` red `30 * n + 20` (Pillow).
    private func sevenFrameGIF() throws -> Data {
        let file = cacheRoot.appendingPathComponent("seven.gif")
        let script = """
        import sys
        from PIL import Image
        frames = [Image.new("RGB", (60, 40), (30 * n + 20, 90, 160)) for n in range(\(Self.frameCount))]
        frames[0].save(sys.argv[1], format="GIF", save_all=True, append_images=frames[1:], duration=60, loop=0)
        """
        return try PillowScript.picture(script, writing: file)
    }

    func testALongAnimationPlaysEveryFrameInSpansAndLoops() throws {
        let server = try FixtureServer.shared()
        let url = try server.writeFile(name: "seven-\(FixtureServer.uniqueTag()).gif", contents: try sevenFrameGIF())
        var configuration = ImageRepository.Configuration()
        configuration.maxAnimationBytes = 4 * 60 * 40 * 4 // seven frames do not fit: spans of two
        let repository = ImageRepository(http: HTTPClient(), directories: try CacheDirectories(root: cacheRoot),
                                         configuration: configuration)
        MainActor.assumeIsolated {
            let viewer = ViewerWindow.openForTest([url], at: 0, source: repository)
            XCTAssertTrue(GtkTestEnvironment.spin { viewer.canvas.texture != nil })
            // The red of each frame shown, as GTK draws it (BGRA: red is the third byte).
            var reds: [UInt8] = []
            XCTAssertTrue(GtkTestEnvironment.spin(timeout: 10) {
                if let texture = viewer.canvas.texture {
                    let red = Self.centreRed(texture)
                    if reds.last != red { reds.append(red) }
                }
                return reds.count > Self.frameCount
            }, "frames change: \(reds)")
            let expected = (0..<Self.frameCount).map { UInt8(30 * $0 + 20) }
            XCTAssertEqual(Array(reds.prefix(Self.frameCount)), expected, "every frame, in order, span after span")
            XCTAssertEqual(reds[Self.frameCount], expected[0], "after the last frame, the first again")
            viewer.closeForTest()
        }
    }

    @MainActor
    private static func centreRed(_ texture: TextureHandle) -> UInt8 {
        var bytes = [UInt8](repeating: 0, count: texture.pixelWidth * texture.pixelHeight * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture.texture, $0.baseAddress, gsize(texture.pixelWidth * 4)) }
        let offset = (texture.pixelHeight / 2 * texture.pixelWidth + texture.pixelWidth / 2) * 4
        return bytes[offset + 2]
    }
}
