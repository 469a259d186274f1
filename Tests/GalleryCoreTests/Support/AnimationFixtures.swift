import Foundation
import TestRequirements
import XCTest

/// The same three-frame animation in every format that moves, each made at test time by the
/// format's own encoder: three 64×48 frames of known colours shown for 100, 200 and 300 ms.
struct AnimationFixtures {
    static let colours: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 200, 60), (50, 70, 210)]
    static let durations = [100, 200, 300]

    let folder: TemporaryDirectory

    /// Writes the frames as PNG files and the WebP, APNG and GIF animations (PIL).
    init() throws {
        folder = try TemporaryDirectory()
        let script = """
        import sys
        from PIL import Image
        folder = sys.argv[1]
        colours = [(220, 40, 40), (40, 200, 60), (50, 70, 210)]
        frames = [Image.new("RGB", (64, 48), colour) for colour in colours]
        for index, frame in enumerate(frames):
            frame.save(f"{folder}/frame{index}.png")
        frames[0].save(f"{folder}/animation.webp", "WEBP", save_all=True, append_images=frames[1:],
                       duration=[100, 200, 300], loop=2, lossless=True)
        frames[0].save(f"{folder}/animation.png", "PNG", save_all=True, append_images=frames[1:],
                       duration=[100, 200, 300], loop=0)
        frames[0].save(f"{folder}/animation.gif", "GIF", save_all=True, append_images=frames[1:],
                       duration=[100, 200, 300], loop=0)
        """
        guard try TestImages.python(script, arguments: [folder.url.path]) else {
            throw TestRequirement.missing("needs /usr/bin/python3 with PIL")
        }
    }

    var framePNGs: [String] { (0..<3).map { folder.url.appendingPathComponent("frame\($0).png").path } }

    func data(_ name: String) throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent(name)) }

    /// The AVIF sequence (avifenc), its durations in tenths of a second.
    func avif() throws -> Data {
        let avif = folder.url.appendingPathComponent("animation.avif").path
        let pngs = framePNGs
        let arguments = ["-l", "--timescale", "10", "--duration", "1", pngs[0], "--duration", "2", pngs[1], "--duration", "3", pngs[2], avif]
        guard ExternalTool.succeeds("/usr/bin/avifenc", arguments) else { throw TestRequirement.missing("needs avifenc (libavif-bin)") }
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
