import Foundation
import TestRequirements
import XCTest

/// The same animation in every format that moves, each made at test time by the format's own
/// encoder: by default three 64×48 frames of known colours shown for 100, 200 and 300 ms; a
/// longer one (`frameCount`) goes on with colours and durations of its own (`colour(_:)`).
struct AnimationFixtures {
    static let colours: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 200, 60), (50, 70, 210)]
    static let durations = [100, 200, 300]

    /// Frame `index`'s colour: the three above, then colours no two frames share.
    static func colour(_ index: Int) -> (UInt8, UInt8, UInt8) {
        index < colours.count ? colours[index] : (UInt8(index * 37 % 200 + 30), UInt8(index * 91 % 200 + 30), UInt8(index * 53 % 200 + 30))
    }

    /// How long frame `index` shows, in milliseconds.
    static func duration(_ index: Int) -> Int { index < durations.count ? durations[index] : 50 + 10 * index }

    let folder: TemporaryDirectory
    let frameCount: Int

    /// Writes the frames as PNG files and the WebP, APNG and GIF animations (PIL).
    init(frameCount: Int = 3) throws {
        folder = try TemporaryDirectory()
        self.frameCount = frameCount
        let colours = (0..<frameCount).map { Self.colour($0) }.map { "(\($0.0), \($0.1), \($0.2))" }.joined(separator: ", ")
        let durations = (0..<frameCount).map { String(Self.duration($0)) }.joined(separator: ", ")
        let script = """
        import sys
        from PIL import Image
        folder = sys.argv[1]
        colours = [\(colours)]
        durations = [\(durations)]
        frames = [Image.new("RGB", (64, 48), colour) for colour in colours]
        for index, frame in enumerate(frames):
            frame.save(f"{folder}/frame{index}.png")
        frames[0].save(f"{folder}/animation.webp", "WEBP", save_all=True, append_images=frames[1:],
                       duration=durations, loop=2, lossless=True)
        frames[0].save(f"{folder}/animation.png", "PNG", save_all=True, append_images=frames[1:],
                       duration=durations, loop=0)
        frames[0].save(f"{folder}/animation.gif", "GIF", save_all=True, append_images=frames[1:],
                       duration=durations, loop=0)
        """
        guard try TestImages.python(script, arguments: [folder.url.path]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
    }

    var framePNGs: [String] { (0..<frameCount).map { folder.url.appendingPathComponent("frame\($0).png").path } }

    func data(_ name: String) throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent(name)) }

    /// The AVIF sequence (avifenc, lossless), its durations in milliseconds.
    func avif() throws -> Data {
        let avif = folder.url.appendingPathComponent("animation.avif").path
        let frames = framePNGs.enumerated().flatMap { ["--duration", String(Self.duration($0.offset)), $0.element] }
        guard ExternalTool.succeeds("/usr/bin/avifenc", ["-l", "--timescale", "1000"] + frames + [avif]) else {
            throw TestRequirement.missing("needs avifenc (libavif-bin)")
        }
        return try Data(contentsOf: URL(fileURLWithPath: avif))
    }

    /// The JPEG XL animation (cjxl, from the APNG).
    func jxl() throws -> Data {
        let jxl = folder.url.appendingPathComponent("animation.jxl").path
        guard ExternalTool.succeeds("/usr/bin/cjxl", ["-d", "0", folder.url.appendingPathComponent("animation.png").path, jxl]) else {
            throw TestRequirement.missing("needs cjxl (libjxl-tools)")
        }
        return try Data(contentsOf: URL(fileURLWithPath: jxl))
    }
}
